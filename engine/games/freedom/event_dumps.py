"""The cards' effects as an ``ev_run`` frame holds them (``model_dump``), made once.

Every effect of every card (roll branches too) is dumped and validated back at import: playing
an event hands its frame the filed dumps, and running one gives back the filed effect (frozen
models) instead of validating the dict again. The frames of every game share these dicts and
never change them; a dict read back with a stored state is not filed, and is validated again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import TypeAdapter

from engine.games.freedom.card_effects import Effect, Roll
from engine.games.freedom.cards import CARDS

EFFECT: TypeAdapter[Effect] = TypeAdapter(Effect)

# id of an effect -> (the effect, its dump): every effect of the cards and every effect
# validated back from one of those dumps (``roll`` dumps the branches of the effect it runs).
_DUMPS: dict[int, tuple[Effect, dict[str, Any]]] = {}
# id of one of those dumps -> (the dump, the effect validated back from it, once).
_VALIDATED: dict[int, tuple[dict[str, Any], Effect]] = {}


def _file(effects: Sequence[Effect]) -> None:
    """Dump and validate back ``effects`` once, and file both (their branches too)."""
    for effect in effects:
        data = effect.model_dump()
        back = EFFECT.validate_python(data)
        _DUMPS[id(effect)] = (effect, data)
        _VALIDATED[id(data)] = (data, back)
        for filed in (effect, back):
            if isinstance(filed, Roll):
                _file(filed.then)
                _file(filed.otherwise)


def dumped(effects: Sequence[Effect]) -> list[dict[str, Any]]:
    """``[e.model_dump() for e in effects]``: the filed dump of each effect of the cards."""
    found = []
    for effect in effects:
        known = _DUMPS.get(id(effect))
        found.append(known[1] if known is not None and known[0] is effect
                     else effect.model_dump())
    return found


def effect_of(data: dict[str, Any]) -> Effect:
    """``EFFECT.validate_python(data)``, validated once for the dumps of ``dumped``."""
    known = _VALIDATED.get(id(data))
    if known is not None and known[0] is data:
        return known[1]
    return EFFECT.validate_python(data)


for _card in CARDS.values():
    _file(_card.effects)
