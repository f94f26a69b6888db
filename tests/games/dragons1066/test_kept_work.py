"""What the prompts keep between questions (the Market of purchases, the suggested march on
the Situation, the Reinforce menu's "from → to" choices and the march's targets on the map)
gives exactly what working it out afresh gives."""

from __future__ import annotations

import pytest

from engine.core.game import Choice
from engine.core.rng import Rng
from engine.core.runner import act, start
from engine.games.dragons1066 import GAME, market, move_prompts, situation
from engine.games.dragons1066.flow import offer
from engine.games.dragons1066.market import Market
from engine.games.dragons1066.situation import Situation
from engine.games.dragons1066.state import DragonsState
from engine.games.dragons1066.suggest import suggested_march, suggested_purchases
from tests.games.dragons1066.helpers import empty, put


def forget_kept_work() -> None:
    market._MARKETS.clear()
    situation._MAPS.clear()
    situation._KEPT.clear()


def fresh_prompts(state: DragonsState) -> dict[str, object]:
    """The prompts of a copy of ``state`` worked out with nothing kept."""
    copy = GAME.load(state.model_dump(mode="json"))
    forget_kept_work()
    return {role: p.model_dump() for role, p in GAME.prompts(copy).items()}


def test_the_prompts_kept_work_gives_equal_the_prompts_worked_out_afresh() -> None:
    checked = compare_with_fresh(("kept-1", "kept-2"), 500)
    assert checked["attack"] > 20 and checked["reinforce"] > 40


def test_a_map_keeping_few_lists_lists_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(move_prompts, "SWEEPS_KEPT", 2)  # dropped again and again
    checked = compare_with_fresh(("few-1",), 250)
    assert checked["reinforce"] > 10


def compare_with_fresh(seeds: tuple[str, ...], actions: int) -> dict[str, int]:
    """Random games' prompts against a copy's worked out afresh, every third action in
    the Attack and Reinforce menus; how many of each were compared."""
    checked = {"attack": 0, "reinforce": 0}
    for seed in seeds:
        chooser = Rng(seed=f"chooser:{seed}")
        state = start(GAME, seed, 2)
        assert isinstance(state, DragonsState)
        while state.result is None and state.actions < actions:
            prompts = GAME.prompts(state)
            name = state.stack[-1].name
            if name in checked and state.actions % 3 == 0:
                assert Situation(state).foe_zones == market.enemy_zones(state)
                asked = {role: p.model_dump() for role, p in prompts.items()}
                assert asked == fresh_prompts(state), f"{seed} action {state.actions}"
                checked[name] += 1
            role = chooser.choice(sorted(prompts))
            act(GAME, state, role, chooser.choice(prompts[role].choices).id, prompts=prompts)
    return checked


def reinforcing() -> DragonsState:
    state = empty(kingdom="red", revision=2)
    state.phase = "reinforce"
    put(state, "legion", "red", "normandy", 3)
    put(state, "knight", "red", "england", 2)
    put(state, "dragon", "red", "scotland")
    state.gold["red"] = 9
    return state


def test_the_march_puts_every_unit_back_and_the_situation_still_fits() -> None:
    state = reinforcing()
    before = state.model_dump()
    sit = Situation(state)
    march = suggested_march(state)
    assert march, "the test's units march somewhere"
    assert state.model_dump() == before
    assert Situation(state) is sit  # every write count put back too
    assert suggested_march(state) == march  # kept on the Situation
    forget_kept_work()
    assert suggested_march(GAME.load(state.model_dump(mode="json"))) == [
        (zone, to, [p.model_copy() for p in pieces]) for zone, to, pieces in march]


def test_a_market_with_one_more_placement_is_the_market_of_those_placements() -> None:
    state = reinforcing()
    shop = market.market(state)
    placed: dict[str, int] = {}
    for zone in ["normandy", "normandy", "scotland", "channel", "england", "france"]:
        if zone not in shop.placements("galleon") + shop.lands:
            continue
        land = shop.charged_land(zone)
        placed[land] = placed.get(land, 0) + 1
        shop = shop.placing(land)
        direct = Market("red", state.owners, placed, market.enemy_zones(state))
        assert (shop.rooms, shop.lands, shop.seas) == (direct.rooms, direct.lands, direct.seas)
    assert placed, "the test places something"
    assert suggested_purchases(state) == suggested_purchases(
        GAME.load(state.model_dump(mode="json")))


def test_an_offer_is_the_validated_choice() -> None:
    long = "x" * 85
    for fields in ({"id": "go:normandy.flanders", "label": "Normandy → Flanders"},
                   {"id": "done", "label": long, "group": "g", "detail": "d", "style": "success"},
                   {"id": "a", "label": "y" * 80}):
        made = offer(**fields)  # type: ignore[arg-type]
        assert made == Choice(**fields)
        assert made.model_dump() == Choice(**fields).model_dump()
    with pytest.raises(ValueError):
        offer(id="go to", label="spaces are not allowed in an id")
