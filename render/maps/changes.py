"""What changed on a map between two boards, zone by zone.

A game's renderer reduces its view to simple data: zone id -> what the zone holds, as
counts by key (``{"d6:wessex": 3, "castle": 1, "owner:wessex": 1, "hits": 2}``). Any key
will do; :func:`zone_contents` builds the usual ones. The toolkit never reads a view.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

Contents = Mapping[str, int]


def zone_contents(units: Mapping[str, int] | None = None, owner: str | None = None,
                  marks: Iterable[str] = ()) -> dict[str, int]:
    """One zone's contents: its pieces by kind, its owner and its markers (each once)."""
    held = {kind: n for kind, n in (units or {}).items() if n}
    if owner:
        held[f"owner:{owner}"] = 1
    for mark in marks:
        held[f"mark:{mark}"] = held.get(f"mark:{mark}", 0) + 1
    return held


def changes(before: Mapping[str, Contents],
            after: Mapping[str, Contents]) -> dict[str, dict[str, int]]:
    """Every zone whose contents differ -> {key: count after minus count before}.

    A zone missing on one side counts as empty; zero counts are the same as none.
    Zones come in the order of ``after``, then those only in ``before``.
    """
    found: dict[str, dict[str, int]] = {}
    for zone in [*after, *(z for z in before if z not in after)]:
        old, new = before.get(zone, {}), after.get(zone, {})
        delta = {key: new.get(key, 0) - old.get(key, 0) for key in [*new, *old]}
        delta = {key: n for key, n in delta.items() if n}
        if delta:
            found[zone] = delta
    return found
