"""``python -m render.sixcontinents_map``: see ``preview.main``."""

import sys

from render.sixcontinents_map.preview import main

main(sys.argv[1:])
