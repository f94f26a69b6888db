"""The Freedom! deck: loading and validation, every effect primitive, the Polish examples."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from engine.core.errors import IllegalChoice
from engine.core.game import Choice
from engine.core.rng import Rng
from engine.games.freedom import (
    GAME,
    card_effects,
    cards,
    event_common,
    event_orders,
    events,
    flow,
    invariants,
    pieces,
)
from engine.games.freedom.cards import CARDS, deck, parse_deck
from engine.games.freedom.combat import imperial_attack_modifier
from engine.games.freedom.data import CAMP, CITY, SPACES, TRACKS, VASILADI_WATERS
from engine.games.freedom.state import Area, FreedomOptions, FreedomState
from tests.games.freedom.freedom_helpers import answer_as, current

# ───────────────────────────── helpers ─────────────────────────────


@flow.prompt_state
class Hold(flow.PromptState):
    """A question that stays under the event in tests, so the phase machine never runs."""

    name = "test_hold"

    def choices(self, state: FreedomState, frame: Any) -> list[Choice]:
        return [Choice(id="hold", label="hold")]


def start_state(seed: str = "cards") -> FreedomState:
    """The rules' starting position, with an empty prompt stack (the event tests push theirs)."""
    state = GAME.setup(seed, 2, FreedomOptions())
    state.stack = []
    return state


def _hold(state: FreedomState, role: str) -> None:
    if not (state.stack and state.stack[-1].name == "test_hold"):
        flow.push(state, "test_hold", role)


def run_event(state: FreedomState, card_id: str, role: str) -> None:
    """Start ``card_id``'s event for ``role`` above a hold frame and settle the flow."""
    _hold(state, role)
    events.play_event(state, card_id, role)
    GAME.settle(state)


def run_effect(state: FreedomState, role: str, **effect: Any) -> None:
    """Perform one effect written as in cards.toml, for ``role``."""
    _hold(state, role)
    events.perform(state, events.EFFECT.validate_python(effect), role, "A01")
    GAME.settle(state)


def finished(state: FreedomState) -> bool:
    """True when only the hold frame is left (or the game ended)."""
    return state.result is not None or (
        len(state.stack) == 1 and state.stack[0].name == "test_hold"
    )


def asked(state: FreedomState) -> tuple[str, str, list[str]]:
    """(role, prompt state name, choice ids) of the question on top."""
    asking = current(state)
    assert asking is not None
    frame, _, choices = asking
    return frame.role, frame.name, [c.id for c in choices]


def answer(state: FreedomState, choice_id: str) -> None:
    role, _, _ = asked(state)
    answer_as(state, role, choice_id)


def predict(state: FreedomState, sides: int, count: int = 1) -> list[int]:
    """The next ``count`` dice the state's generator will roll, without rolling them."""
    copy = state.rng.model_copy()
    return [copy.roll(sides) for _ in range(count)]


def total_units(state: FreedomState, kind: str) -> int:
    return sum(getattr(s, kind) for s in state.spaces.values())


def wall_ids() -> list[str]:
    return [s.id for s in SPACES.values() if s.on_wall]


# ───────────────────────────── the deck ─────────────────────────────


def test_deck_has_fifty_cards_per_period_with_unique_ids_and_names() -> None:
    all_cards = deck().card
    assert len(all_cards) == 100
    assert Counter(c.period for c in all_cards) == {"A": 50, "B": 50}
    assert len({c.id for c in all_cards}) == 100
    assert len({c.name for c in all_cards}) == 100
    assert all(2 <= c.ap <= 4 for c in all_cards)
    assert all(c.note and c.text and c.effects for c in all_cards)
    for period in "AB":
        sides = Counter(c.side for c in all_cards if c.period == period)
        assert sides == {"empire": 20, "insurgents": 20, "neutral": 10}
    assert cards.period_ids("A") == [f"A{i:02d}" for i in range(1, 51)]


# Card name (Polish) -> (side, AP) as the Polish rule book's examples use them.
POLISH = {
    "Kapitan Mahmud": ("empire", 4),  # played for 4 AP (+1 Preparation for a row-5 cannon)
    "Yusuf Pasza": ("empire", 3),  # Insurgents play it for AP: regroup + 2 attacks
    "Pod osłoną nocy": ("empire", 2),  # Insurgents play it for 2 AP of Preparation
    "Ucieczka greckiej floty": ("empire", 3),  # the Empire plays it as its Event
    "Choroby bagienne": ("insurgents", 3),  # beneficial to the Insurgents
    "Granaty": ("empire", 2),  # discarded by the Insurgents; the Empire may not trigger it
    "Zdobycie Petrohori": ("empire", 2),  # 2 AP: two Normal Movements
    "Nierówny podział waluty": ("insurgents", 3),  # 3 AP: three attacks
    "Kamienne kule armatnie": ("empire", 2),  # 2 AP of Preparation
    "Georgios Karaiskakis": ("insurgents", 4),  # 4 AP: two Support Area actions
    "Posiłki": ("empire", 3),  # 3 AP: Plea for Funds
    "Wysokie morale": ("insurgents", 3),  # 3 AP, 2 of them for Support Area
    "Zniszczenie akweduktu": ("empire", 3),  # 3 AP: a raid 3 rows away
    "Ucieczka dowódców": ("empire", 3),  # 3 AP + 1 Preparation for Repair Wall
    "Porzucona sprawa": ("empire", 4),  # 4 AP: Train Civilians
    "Kütahi Reşid Mehmed Pasza": ("empire", 4),  # Insurgents build a cannon with its AP
}


@pytest.mark.parametrize("name_pl", sorted(POLISH))
def test_cards_named_in_the_polish_examples(name_pl: str) -> None:
    found = [c for c in deck().card if c.name_pl == name_pl]
    assert len(found) == 1, name_pl
    side, ap = POLISH[name_pl]
    assert (found[0].side, found[0].ap) == (side, ap)


def test_only_own_side_or_neutral_events_are_beneficial() -> None:
    assert CARDS["A21"].beneficial_to("insurgents")
    assert not CARDS["A21"].beneficial_to("empire")
    assert CARDS["A41"].beneficial_to("empire") and CARDS["A41"].beneficial_to("insurgents")


def _toml(cards_text: str, count_a: int = 50, count_b: int = 50) -> str:
    filler = []
    for period, count in (("A", count_a), ("B", count_b)):
        for i in range(1, count + 1):
            filler.append(
                f'[[card]]\nid = "{period}{i:02d}"\nname = "{period}{i}"\nperiod = "{period}"\n'
                f'side = "neutral"\nap = 3\nnote = "n"\ntext = "t"\n'
                f'effects = [{{ op = "draw", who = "self", count = 1 }}]\n'
            )
    return cards_text + "\n".join(filler)


def test_parse_deck_accepts_a_minimal_well_formed_deck() -> None:
    assert len(parse_deck(_toml("")).card) == 100


@pytest.mark.parametrize(
    ("text", "count_a", "message"),
    [
        ("", 49, "period A has 49 cards"),
        ('[[card]]\nid = "A01"\nname = "X"\nperiod = "A"\nside = "neutral"\nap = 3\n'
         'note = "n"\ntext = "t"\neffects = [{ op = "draw", who = "self", count = 1 }]\n',
         50, "duplicate card ids"),
    ],
)
def test_parse_deck_refuses_bad_counts_and_duplicates(text: str, count_a: int,
                                                      message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        parse_deck(_toml(text, count_a))


@pytest.mark.parametrize(
    ("field", "message"),
    [
        ('ap = 5\neffects = [{ op = "draw", who = "self", count = 1 }]', "less than or equal"),
        ('ap = 1\neffects = [{ op = "draw", who = "self", count = 1 }]', "greater than or"),
        ('ap = 3\neffects = [{ op = "teleport" }]', "does not match any of the expected"),
        ('ap = 3\neffects = [{ op = "special", name = "nope" }]', "unknown special"),
        ('ap = 3\neffects = []', "at least 1"),
        ('ap = 3\neffects = [{ op = "adjust", track = "money", who = "self", amount = 2 }]',
         "only the Empire has Money"),
        ('ap = 3\neffects = [{ op = "adjust", track = "morale", who = "self", amount = 0 }]',
         "non-zero"),
        ('ap = 3\neffects = [{ op = "support", who = "self", areas = ["Sea"], choose = 1 }]',
         "either areas or choose"),
        ('ap = 3\neffects = [{ op = "support", who = "self", areas = ["Atlantis"] }]',
         "Input should be"),
        ('ap = 3\neffects = [{ op = "reinforce", who = "self", kind = "allied", count = 1, '
         'place = "city" }]', "Camp, the lagoon or around Vasiladi"),
        ('ap = 3\neffects = [{ op = "strike", who = "empire", count = 1, hit = 5, '
         'from_zone = "wall", raids = true }]', "only the Insurgents raid"),
        ('ap = 3\neffects = [{ op = "reinforce", who = "opponent", kind = "insurgent", '
         'count = 1, place = "city" }]', "belong to the other side"),
    ],
)
def test_a_malformed_card_is_refused_at_load(field: str, message: str) -> None:
    bad = (f'[[card]]\nid = "A50"\nname = "Bad"\nperiod = "A"\nside = "insurgents"\n'
           f'note = "n"\ntext = "t"\n{field}\n')
    with pytest.raises(ValidationError, match=message):
        parse_deck(_toml(bad, count_a=49))


def test_card_period_must_match_its_id() -> None:
    with pytest.raises(ValidationError, match="disagree"):
        cards.Card.model_validate({
            "id": "B01", "name": "x", "period": "A", "side": "neutral", "ap": 2, "note": "n",
            "text": "t", "effects": [{"op": "draw", "who": "self", "count": 1}],
        })


def test_every_special_has_a_function() -> None:
    assert set(event_orders.SPECIAL_FUNCTIONS) == set(card_effects.SPECIALS)
    used = {e.name for c in deck().card for e in cards.walk(c.effects)
            if isinstance(e, card_effects.Special)}
    assert used == set(card_effects.SPECIALS)


# ───────────────────────────── primitives: tracks ─────────────────────────────


def test_adjust_moves_each_track_of_the_right_side() -> None:
    state = start_state()
    run_effect(state, "empire", op="adjust", track="supplies", who="opponent", amount=-3)
    assert state.supplies == {"empire": 12, "insurgents": 5}
    run_effect(state, "empire", op="adjust", track="money", who="self", amount=3)
    assert state.money == 13
    run_effect(state, "insurgents", op="adjust", track="morale", who="self", amount=2)
    assert state.morale == {"empire": 15, "insurgents": 12}
    run_effect(state, "insurgents", op="adjust", track="plea", who="self", amount=2)
    run_effect(state, "insurgents", op="adjust", track="plea", who="empire", amount=4)
    assert state.plea == {"empire": 4, "insurgents": 2}
    run_effect(state, "empire", op="adjust", track="preparation", who="empire", amount=2)
    assert state.prep == {"empire": 2, "insurgents": 0}
    assert finished(state)


def test_adjust_clamps_at_zero_and_at_the_track_tops() -> None:
    state = start_state()
    run_effect(state, "empire", op="adjust", track="supplies", who="insurgents", amount=-30)
    assert state.supplies["insurgents"] == 0
    run_effect(state, "empire", op="adjust", track="preparation", who="empire", amount=99)
    assert state.prep["empire"] == TRACKS.limits.preparation_max
    run_effect(state, "empire", op="adjust", track="preparation", who="empire", amount=-9)
    assert state.prep["empire"] == 0
    run_effect(state, "empire", op="adjust", track="plea", who="empire", amount=-2)
    assert state.plea["empire"] == 0


def test_a_track_already_at_its_end_says_so_instead_of_plus_zero() -> None:
    state = start_state()
    state.prep["empire"] = TRACKS.limits.preparation_max
    run_effect(state, "empire", op="adjust", track="preparation", who="empire", amount=1)
    last = state.log[-1].text
    assert "+0" not in last and "cannot move up any further" in last


def test_plea_effect_does_nothing_once_the_government_has_answered() -> None:
    state = start_state()
    state.plea["insurgents"] = None
    run_effect(state, "insurgents", op="adjust", track="plea", who="self", amount=2)
    assert state.plea["insurgents"] is None


def test_morale_falling_to_zero_by_an_event_ends_the_game() -> None:
    state = start_state()
    state.morale["insurgents"] = 2
    run_event(state, "A08", "empire")  # Flight of the Commanders: -2 Insurgent Morale
    assert state.result is not None and state.result.winners == ["empire"]


def test_civilians_enter_and_leave_the_city_centre() -> None:
    state = start_state()
    before, pool = state.spaces[CITY].civ, state.pool["civ"]
    run_effect(state, "empire", op="civilians", amount=2)
    assert (state.spaces[CITY].civ, state.pool["civ"]) == (before + 2, pool - 2)
    run_effect(state, "empire", op="civilians", amount=-50)
    assert state.spaces[CITY].civ == 0 and state.pool["civ"] == pool + before


def test_draw_puts_cards_from_the_current_period_in_the_hand() -> None:
    state = start_state()
    hand, top = list(state.hands["empire"]), state.decks["A"][0]
    reveals = state.reveals
    run_effect(state, "empire", op="draw", who="self", count=1)
    assert state.hands["empire"] == [*hand, top]
    assert state.reveals == reveals + 1


# ───────────────────────────── primitives: support ─────────────────────────────


def test_flight_of_the_greek_fleet_polish_example() -> None:
    """4.3.1: +1 Imperial support at Sea, in Kryoneri and in Petalas."""
    state = start_state()
    assert (state.areas["petalas"].side, state.areas["petalas"].support) == ("insurgents", 3)
    assert (state.areas["sea"].side, state.areas["sea"].support) == ("insurgents", 2)
    assert state.areas["kryoneri"].side == "empire"
    kryoneri = state.areas["kryoneri"].support
    run_event(state, "A04", "empire")
    assert state.areas["petalas"].support == 2  # one Greek marker removed
    assert state.areas["sea"].support == 1  # one Greek marker removed
    assert state.areas["kryoneri"].support == kryoneri + 1  # one Imperial marker added
    assert finished(state)


def test_support_twice_turns_a_tile_once_its_markers_are_gone() -> None:
    state = start_state()
    state.areas["petrochori"] = Area(side="insurgents", support=1)
    run_event(state, "A05", "empire")  # Capture of Petrochori: Support twice
    assert (state.areas["petrochori"].side, state.areas["petrochori"].support) == ("empire", 0)


def test_support_in_areas_of_the_players_choice() -> None:
    state = start_state()
    state.spaces[CAMP].exp = 5
    run_event(state, "B21", "insurgents")  # Karaiskakis: Zygos, one area of choice, -2 Camp
    role, name, ids = asked(state)
    assert (role, name) == ("insurgents", "ev_support")
    assert len(ids) == 8
    sea = state.areas["sea"].support
    answer(state, "area:sea")
    assert state.areas["sea"].support == sea + 1
    # then the Camp loses 2 units, picked by the Insurgents
    assert asked(state)[:2] == ("insurgents", "ev_remove")
    answer(state, f"space:{CAMP}")
    answer(state, f"space:{CAMP}")
    assert state.spaces[CAMP].exp == 3 and finished(state)


def test_strip_support_removes_markers_without_turning_tiles() -> None:
    state = start_state()
    state.areas["sea"] = Area(side="insurgents", support=1)
    run_event(state, "A42", "empire")  # Storm in the Gulf: 2 markers
    assert "area:kryoneri" not in asked(state)[2] or state.areas["kryoneri"].support > 0
    answer(state, "area:sea")
    assert state.areas["sea"] == Area(side="insurgents", support=0)
    with pytest.raises(IllegalChoice):
        answer(state, "area:sea")  # no marker left there
    answer(state, "area:patra")
    assert state.areas["patra"].side == "empire" and finished(state)


# ───────────────────────────── primitives: units and cannons ─────────────────────────────


def test_imperial_reinforcements_go_to_the_camp() -> None:
    state = start_state()
    camp, pool = state.spaces[CAMP].exp, state.pool["exp"]
    run_event(state, "A09", "empire")  # Reinforcements: 3 Expeditionary to the Camp
    assert state.spaces[CAMP].exp == camp + 3 and state.pool["exp"] == pool - 3
    run_event(state, "B08", "empire")  # Egyptian Regulars: 3 Allied to the Camp
    assert state.spaces[CAMP].ally == 3 and state.pool["ally"] == TRACKS.pieces.allied - 3


def test_reinforcements_are_limited_by_the_reserve() -> None:
    state = start_state()
    state.pool["exp"] = 1
    camp = state.spaces[CAMP].exp
    run_event(state, "A09", "empire")
    assert state.spaces[CAMP].exp == camp + 1 and state.pool["exp"] == 0


def test_expeditionary_units_land_around_vasiladi_up_to_the_limit() -> None:
    state = start_state()
    state.round = 4
    run_effect(state, "empire", op="reinforce", who="self", kind="expeditionary", count=5,
               place="vasiladi")
    assert state.spaces[VASILADI_WATERS].exp == SPACES[VASILADI_WATERS].limit


def test_insurgent_reinforcements_are_placed_by_the_insurgents() -> None:
    state = start_state()
    state.spaces["W1"].ins = 0
    pool = state.pool["ins"]
    run_event(state, "A34", "insurgents")  # Volunteers from Rumeli: 2 units in the city
    role, name, ids = asked(state)
    assert (role, name) == ("insurgents", "place_units")
    assert "space:W1" in ids and f"space:{CAMP}" not in ids
    assert not any(i.startswith("space:M") for i in ids)  # never on the mainland
    answer(state, "space:W1")
    answer(state, "space:W1")
    assert state.spaces["W1"].ins == 2 and state.pool["ins"] == pool - 2 and finished(state)


def test_imperial_cannon_goes_to_the_camp() -> None:
    state = start_state()
    camp, pool = state.camp_cannons, state.pool["cannons"]
    run_event(state, "A02", "empire")  # Yusuf Pasha
    assert (state.camp_cannons, state.pool["cannons"]) == (camp + 1, pool - 1)


def test_insurgent_cannon_needs_an_own_unit_and_no_cannon() -> None:
    state = start_state()
    run_event(state, "A35", "insurgents")  # Guns from the Brigs
    role, name, ids = asked(state)
    assert (role, name) == ("insurgents", "ev_cannon")
    assert "space:W2" not in ids  # a fort that already has a cannon
    assert "space:W1" in ids  # a unit and no cannon
    assert all(state.spaces[i.split(":")[1]].ins > 0 for i in ids)
    with pytest.raises(IllegalChoice):
        answer(state, "space:W2")
    answer(state, "space:W1")
    assert state.spaces["W1"].cannon == "insurgents" and finished(state)


def test_remove_units_lets_the_named_player_choose_in_the_zone() -> None:
    state = start_state()
    state.spaces["M41"].exp = 2
    state.spaces["M51"].exp = 1
    run_event(state, "A27", "insurgents")  # Countermine: 2 units from rows 4-5, Insurgents pick
    role, name, ids = asked(state)
    assert (role, name) == ("insurgents", "ev_remove")
    assert "space:M41" in ids and "space:M51" in ids and "space:M62" not in ids
    with pytest.raises(IllegalChoice):
        answer(state, "space:M62")
    answer(state, "space:M41")
    answer(state, "space:M51")
    assert state.spaces["M41"].exp == 1 and state.spaces["M51"].exp == 0 and finished(state)


def test_marsh_diseases_the_empire_picks_its_own_losses() -> None:
    state = start_state()
    supplies = state.supplies["empire"]
    run_event(state, "A21", "insurgents")
    role, name, ids = asked(state)
    assert (role, name) == ("empire", "ev_remove")  # the victim chooses
    before = total_units(state, "exp")
    answer(state, ids[0])
    answer(state, asked(state)[2][0])
    assert total_units(state, "exp") == before - 2
    assert state.supplies["empire"] == supplies - 2 and finished(state)


def test_remove_units_of_one_kind_only() -> None:
    state = start_state()
    state.round = 4
    state.spaces[CAMP].ally = 2
    state.pool["ally"] -= 2
    exp = state.spaces[CAMP].exp
    run_event(state, "B37", "insurgents")  # Typhus: 3 Allied units, the Empire picks
    assert asked(state)[:2] == ("empire", "ev_remove")
    answer(state, f"space:{CAMP}")
    answer(state, f"space:{CAMP}")  # only 2 Allied units exist: the event ends
    assert state.spaces[CAMP].ally == 0 and state.spaces[CAMP].exp == exp and finished(state)


def test_remove_units_with_nothing_to_remove_does_nothing() -> None:
    state = start_state()
    assert not any(state.spaces[s].imperial for s in event_common.zone_spaces("lagoon"))
    supplies = state.supplies["insurgents"]
    run_event(state, "B38", "insurgents")  # Fishing by Night: +2 Supplies, 1 lagoon unit
    assert finished(state) and state.supplies["insurgents"] == supplies + 2


def test_remove_cannon_in_the_zone_never_the_bombard() -> None:
    state = start_state()
    for sid in SPACES:
        if state.spaces[sid].cannon == "empire":
            state.spaces[sid].cannon = None
            state.pool["cannons"] += 1
    state.spaces["M44"].cannon = "empire"
    state.spaces["M74"].cannon = "empire"
    state.pool["cannons"] -= 2
    run_event(state, "B30", "insurgents")  # Sortie against the Batteries: rows 4-6 only
    role, name, ids = asked(state)
    assert (role, name, ids) == ("insurgents", "ev_uncannon", ["space:M44"])
    pool = state.pool["cannons"]
    answer(state, "space:M44")
    assert state.spaces["M44"].cannon is None and state.pool["cannons"] == pool + 1
    assert state.spaces["M74"].cannon == "empire" and finished(state)


def test_sortie_removes_units_and_spikes_the_cannon_of_one_space() -> None:
    state = start_state()
    # the start: cannons and 2 units on M64 and M66 (row 6)
    run_event(state, "A29", "insurgents")  # Night Sortie: rows 4-6, 1 unit and its cannon
    role, name, ids = asked(state)
    assert (role, name) == ("insurgents", "ev_sortie")
    assert "space:M64" in ids and "space:M74" not in ids  # row 7 is out of reach
    pool = state.pool["cannons"]
    answer(state, "space:M64")
    assert state.spaces["M64"].exp == 1 and state.spaces["M64"].cannon is None
    assert state.pool["cannons"] == pool + 1 and finished(state)


def test_sortie_next_to_insurgents_takes_up_to_its_count() -> None:
    state = start_state()
    pieces.add_units(state, "M45", "exp", 3)
    pieces.add_units(state, "M55", "exp", 3)
    morale = state.morale["insurgents"]
    run_event(state, "B25", "insurgents")  # Kapsalis: next to an Insurgent unit, up to 2, +1
    ids = asked(state)[2]
    assert "space:M45" in ids and "space:M55" not in ids  # M55 touches no Insurgent unit
    answer(state, "space:M45")
    assert state.spaces["M45"].exp == 1 and state.morale["insurgents"] == morale + 1
    assert finished(state)


def test_countermines_of_1826_clear_one_space_of_rows_four_or_five() -> None:
    state = start_state()
    pieces.add_units(state, "M53", "exp", 3)
    run_event(state, "B29", "insurgents")
    assert asked(state)[2] == ["space:M53"]
    answer(state, "space:M53")
    assert state.spaces["M53"].exp == 0 and finished(state)


def test_retreat_moves_imperial_units_back_toward_the_camp() -> None:
    state = start_state()
    money = state.money
    run_event(state, "A13", "insurgents")  # The Albanians Walk Out: 3 units, rows 4-6
    role, name, ids = asked(state)
    assert (role, name) == ("insurgents", "ev_retreat")
    assert "from:M64:exp" in ids and not any(i.startswith("from:M7") for i in ids)
    answer(state, "from:M64:exp")
    back = asked(state)[2]
    assert set(back) == {f"space:{n}" for n in SPACES["M64"].toward_camp}
    answer(state, "space:M74")
    assert state.spaces["M64"].exp == 1 and state.spaces["M74"].exp == 3
    answer(state, "from:M64:exp")
    assert "space:M74" not in asked(state)[2]  # full now (limit 3)
    answer(state, "space:M75")
    answer(state, "done")
    assert state.money == money - 1 and finished(state)


def test_advance_moves_units_forward_as_in_the_opening() -> None:
    state = start_state()
    run_event(state, "A20", "empire")  # General Assault: advance 3, then 3 attack AP at +2
    role, name, ids = asked(state)
    assert (role, name) == ("empire", "opening")
    assert not any(i.startswith("from:W") or i.startswith("from:M4") for i in ids)
    for src in ("M64", "M64", "M66"):
        answer(state, f"from:{src}")
        assert all(SPACES[i[3:]].row == 5 for i in asked(state)[2] if i.startswith("to:"))
        answer(state, next(i for i in asked(state)[2] if i.startswith("to:")))
    assert state.spaces["M64"].exp == 0 and state.spaces["M66"].exp == 1
    frame = state.stack[-1]  # three moved: the advance is over
    assert frame.name == "spend" and frame.data["ap"] == 3 and state.reward is True


def test_fire_shoots_every_ready_cannon_once_with_a_bonus() -> None:
    state = start_state()
    state.round = 4
    run_event(state, "B11", "empire")  # The Great Bombardment: every cannon, +1
    role, name, ids = asked(state)
    assert (role, name) == ("empire", "cannons")
    assert {"fire:M64", "fire:M66"} <= set(ids)
    load = predict(state, 6, 2)
    answer(state, "fire:M64")
    answer(state, "at:W4")  # distance 2... W4 from M64: row 6, distance 3, need 6
    hits = sum(1 for d in load if d + 1 >= 6)
    assert state.spaces["W4"].damage == min(2, hits)
    while asked(state)[1] == "morale_choice":
        answer(state, "morale:down")
    assert "fire:M64" not in asked(state)[2]


def test_fire_of_up_to_two_insurgent_cannons() -> None:
    state = start_state()
    state.round = 4
    for sid in ("M42", "M44", "M46"):
        pieces.add_units(state, sid, "exp", 1)
    run_event(state, "B32", "insurgents")  # The Bastions Reply: 2 cannons, +1
    fired = 0
    for _ in range(20):
        if finished(state):
            break
        _, name, ids = asked(state)
        if name == "cannons":
            pick = next((i for i in ids if i.startswith(("fire:", "at:"))), "done")
            fired += pick.startswith("fire:")
            answer(state, pick)
        else:
            answer(state, ids[0])
    assert fired == 2 and finished(state)


def test_fire_with_no_cannon_ready_does_nothing() -> None:
    state = start_state()
    state.round = 4
    for sid in ("M64", "M66"):
        state.spaces[sid].exp = 0
    run_event(state, "B11", "empire")
    assert finished(state)


def test_guard_makes_imperial_wall_attacks_harder_for_the_round() -> None:

    state = start_state()
    state.round = 4
    state.spaces["W5"].damage = 1
    pieces.add_units(state, "M45", "exp", 1)
    assert imperial_attack_modifier(state, "M45", "W5") == (8, 1)
    run_event(state, "B34", "insurgents")  # The Inner Retrenchment: repair once, -1
    answer(state, "space:W5")
    assert state.spaces["W5"].damage == 0 and finished(state)
    assert imperial_attack_modifier(state, "M45", "W5") == (8, -1)
    state.round = 5
    assert imperial_attack_modifier(state, "M45", "W5") == (8, 0)


def test_discard_at_random_and_by_choice() -> None:
    state = start_state()
    state.round = 4
    hand = list(state.hands["insurgents"])
    reveals = state.reveals
    run_event(state, "B46", "empire")  # Intercepted Couriers: the opponent, at random
    assert len(state.hands["insurgents"]) == len(hand) - 1
    (lost,) = set(hand) - set(state.hands["insurgents"])
    assert state.discard[-1] == lost and state.reveals == reveals + 1 and finished(state)
    state.decks["B"] = ["B01", "B02", *state.decks["B"]]
    run_event(state, "B44", "empire")  # British Frigates Observe: draw 2, discard 1
    role, name, ids = asked(state)
    assert (role, name) == ("empire", "ev_discard") and "card:B02" in ids
    answer(state, "card:B02")
    assert "B01" in state.hands["empire"] and "B02" not in state.hands["empire"]
    assert len(state.hands["empire"]) == 9 and finished(state)


def test_reinforce_in_the_lagoon_then_strike() -> None:
    state = start_state()
    state.round = 4
    run_event(state, "B16", "empire")  # Gunboats: 2 Allied units on MR1 or KO, 2 attacks
    role, name, ids = asked(state)
    assert (role, name) == ("empire", "place_units")
    assert sorted(i for i in ids if i.startswith("space:")) == ["space:KO", "space:MR1"]
    answer(state, "space:MR1")
    answer(state, "space:MR1")
    assert state.spaces["MR1"].ally == 2 and finished(state)  # nobody within reach


def test_strike_within_two_spaces_on_the_wall_only() -> None:
    state = start_state()
    pieces.add_units(state, "M55", "exp", 1)
    run_event(state, "A17", "empire")  # Sharpshooters: from rows 4-5, 2 spaces, wall only
    ids = asked(state)[2]
    assert {"space:W4", "space:W5", "space:W6"} <= set(ids)
    assert "space:W1" not in ids and "space:MAR" not in ids


def test_strike_may_raid_from_the_wall() -> None:
    state = start_state()
    run_event(state, "A40", "insurgents")  # Razikotsikas: attacks or raids, 2 at 5+
    ids = asked(state)[2]
    assert "space:M64" in ids  # a raid target (row 6, lane clear) though nothing is adjacent
    dice = predict(state, 8, 1)
    before = state.spaces["M64"].exp
    answer(state, "space:M64")
    assert state.spaces["M64"].exp == before - (1 if dice[0] >= 5 else 0)


def test_strip_support_from_named_areas_only() -> None:
    state = start_state()
    state.round = 4
    run_event(state, "B41", "empire")  # Winter Gales: up to 2 markers from the Sea, -1 each
    assert asked(state)[2] == ["area:sea", "done"]
    answer(state, "area:sea")
    answer(state, "area:sea")
    assert state.areas["sea"].support == 0 and state.areas["sea"].side == "insurgents"
    assert state.supplies == {"empire": 11, "insurgents": 7} and finished(state)


def test_winter_gales_removes_up_to_two_markers_so_none_is_a_choice() -> None:
    """B41 reads "Remove up to 2 Support markers from the Sea": a neutral card, so the side
    that holds the Sea may play it (for the enemy's lost Supply) and keep its markers."""
    state = start_state()
    state.round = 4
    run_event(state, "B41", "insurgents")
    assert asked(state) == ("insurgents", "ev_strip", ["area:sea", "done"])
    answer(state, "area:sea")
    assert "done" in asked(state)[2]
    answer(state, "done")  # one marker is enough
    assert state.areas["sea"] == Area(side="insurgents", support=1)
    assert state.supplies == {"empire": 11, "insurgents": 7} and finished(state)
    other = start_state()
    run_event(other, "A42", "empire")  # Storm in the Gulf: "Remove 2": no stopping
    assert "done" not in asked(other)[2]
    with pytest.raises(IllegalChoice):
        answer(other, "done")


def test_train_turns_a_civilian_into_a_unit() -> None:
    state = start_state()
    state.spaces["W3"].damage = 1
    civ, ins = state.spaces[CITY].civ, total_units(state, "ins")
    run_event(state, "B33", "insurgents")  # Women of Messolonghi: train 1, repair once
    assert asked(state)[:2] == ("insurgents", "place_units")
    answer(state, "space:B1")
    assert state.spaces[CITY].civ == civ - 1 and total_units(state, "ins") == ins + 1
    assert asked(state)[:2] == ("insurgents", "ev_repair")
    answer(state, "space:W3")
    assert state.spaces["W3"].damage == 0 and finished(state)


# ───────────────────────────── primitives: the wall ─────────────────────────────


def test_damage_wall_within_range_of_a_manned_imperial_cannon() -> None:
    state = start_state()
    for sid in SPACES:
        if state.spaces[sid].cannon == "empire":
            state.spaces[sid].cannon = None
    state.spaces["M53"].cannon = "empire"  # no unit there: it cannot fire
    state.spaces["M63"].cannon = "empire"
    state.spaces["M63"].exp = 1
    run_event(state, "A06", "empire")  # Stone Cannonballs
    role, name, ids = asked(state)
    assert (role, name) == ("empire", "ev_damage")
    expected = sorted(f"space:{t.space}" for t in SPACES["M63"].targets
                      if SPACES[t.space].on_wall)
    assert sorted(ids) == expected == [f"space:W{c}" for c in range(1, 7)]
    answer(state, "space:W6")
    assert state.spaces["W6"].damage == 1 and finished(state)


def test_damage_wall_in_front_of_units_in_rows_four_and_five() -> None:
    state = start_state()
    state.spaces["W5"].damage = 2
    pieces.add_units(state, "M55", "exp", 1)
    run_event(state, "A11", "empire")  # The Siege Mound
    ids = asked(state)[2]
    assert sorted(ids) == ["space:W3", "space:W4", "space:W6", "space:W7"]  # W5: destroyed
    answer(state, "space:W4")
    assert state.spaces["W4"].damage == 1 and finished(state)


def test_damage_wall_next_to_units_and_no_target_does_nothing() -> None:
    state = start_state()
    for sid in wall_ids():
        for n in SPACES[sid].neighbours:
            state.spaces[n].exp = state.spaces[n].ally = 0
    run_event(state, "A11", "empire")  # The Siege Mound
    assert finished(state)
    state.stack = []
    state.spaces["M49"].exp = 1
    run_event(state, "A11", "empire")
    assert set(asked(state)[2]) == {f"space:{n}" for n in SPACES["M49"].neighbours
                                    if SPACES[n].on_wall}


def test_damage_wall_next_to_units_in_row_four() -> None:
    state = start_state()
    run_effect(state, "empire", op="damage_wall", count=1, near="units")
    assert finished(state)  # nobody in row 4 at the start
    pieces.add_units(state, "M49", "exp", 1)
    run_effect(state, "empire", op="damage_wall", count=1, near="units")
    assert sorted(asked(state)[2]) == ["space:W8", "space:W9"]


def test_repair_wall_without_a_unit_then_a_cannon() -> None:
    state = start_state()
    state.spaces["W4"].damage = 2
    state.spaces["W4"].ins = 0
    state.pool["ins"] += 1
    run_event(state, "A26", "insurgents")  # Michael Kokkinis: no unit needed, then a cannon
    assert asked(state) == ("insurgents", "ev_repair", ["space:W4"])
    answer(state, "space:W4")
    assert state.spaces["W4"].damage == 1
    assert asked(state)[:2] == ("insurgents", "ev_cannon")
    answer(state, "space:W3")
    assert state.spaces["W3"].cannon == "insurgents" and finished(state)


def test_event_repairs_skip_a_breach_held_by_imperial_units() -> None:
    state = start_state()
    state.spaces["W3"].damage = 2
    state.spaces["W3"].ins = 0
    state.pool["ins"] += 1
    pieces.add_units(state, "W3", "exp", 1)
    state.spaces["W5"].damage = 1
    run_event(state, "A26", "insurgents")  # Michael Kokkinis
    assert "space:W3" not in asked(state)[2] and "space:W5" in asked(state)[2]


def test_exhaustion_at_one_one_the_insurgents_win() -> None:
    """Both Morales to 0 by one event: the Empire's loss is applied first (a simultaneous
    collapse is no Imperial victory; 3.2), so the Insurgents win with their Morale untouched."""
    for role in ("empire", "insurgents"):
        state = start_state()
        state.round = 4
        state.morale = {"empire": 1, "insurgents": 1}
        run_event(state, "B47", role)  # Exhaustion
        assert state.result is not None and state.result.winners == ["insurgents"]
        assert state.morale == {"empire": 0, "insurgents": 1}


def test_events_lowering_both_morales_list_the_empire_first() -> None:
    for c in deck().card:
        losers = [e.who for e in cards.walk(c.effects)
                  if isinstance(e, card_effects.Adjust) and e.track == "morale" and e.amount < 0
                  and e.who in ("empire", "insurgents")]
        if len(set(losers)) == 2:
            assert losers[0] == "empire", c.id


def test_repair_with_no_damage_does_nothing() -> None:
    state = start_state()
    run_event(state, "B34", "insurgents")
    assert finished(state)


# ───────────────────────────── primitives: combat and dice ─────────────────────────────


def test_strike_rolls_one_d8_per_attack_and_removes_a_unit_on_a_hit() -> None:
    state = start_state()
    state.round = 4
    state.spaces["KO"].exp = 1
    state.spaces["KI"].exp = 3
    run_event(state, "B22", "insurgents")  # Kitsos Tzavelas: 3 attacks from the islands, 5+
    role, name, ids = asked(state)
    assert (role, name) == ("insurgents", "ev_strike")
    assert "space:KO" not in ids  # Klisova touches only its inner waters
    assert "space:KI" in ids and "done" in ids
    dice = predict(state, 8, 3)
    for _ in range(3):
        answer(state, "space:KI")
    hits = sum(1 for d in dice if d >= 5)
    assert state.spaces["KI"].exp == 3 - hits
    assert [e.dice for e in state.log if e.dice][-3:] == [[d] for d in dice]
    assert finished(state)


def test_strike_refuses_a_space_out_of_reach_and_can_stop_early() -> None:
    state = start_state()
    state.spaces["M42"].exp = 1
    for wall in ("W7", "W8", "W9"):
        pieces.remove_units(state, wall, "insurgents", 1)
    pieces.add_units(state, "M49", "exp", 1)  # row 4, next to no Insurgent: no attack, no raid
    run_event(state, "A40", "insurgents")  # Razikotsikas: 2 attacks or raids
    assert "space:M49" not in asked(state)[2]
    with pytest.raises(IllegalChoice):
        answer(state, "space:M49")
    answer(state, "done")
    assert finished(state) and state.spaces["M42"].exp == 1


def test_imperial_strike_from_the_lagoon_against_an_island() -> None:
    state = start_state()
    state.round = 4
    state.spaces["KI"].exp = 1
    run_event(state, "B16", "empire")  # Gunboats in the Lagoon: 2 Allied units, 2 attacks
    answer(state, "space:MR1")
    answer(state, "space:MR1")
    assert set(asked(state)[2]) == {"space:KLI", "space:W9", "done"}
    dice = predict(state, 8, 1)
    answer(state, "space:KLI")
    assert state.spaces["KLI"].ins == (0 if dice[0] >= 5 else 1)


def test_roll_takes_the_then_or_the_otherwise_branch() -> None:
    for seed in ("mine-1", "mine-2", "mine-3", "mine-4", "mine-5", "mine-6"):
        state = start_state(seed)
        state.spaces["M45"].exp = 1
        morale = state.morale["insurgents"]
        die = predict(state, 8)[0]
        run_event(state, "A12", "empire")  # Mine under the Bastion
        if die >= 4:
            assert asked(state)[:2] == ("empire", "ev_damage")
            answer(state, "space:W5")
            answer(state, "space:W5")
            assert state.spaces["W5"].damage == 2
        else:
            assert state.morale["insurgents"] == morale + 1
        assert finished(state)


def test_free_actions_open_the_rules_action_menu() -> None:
    state = start_state()
    state.round = 4
    run_event(state, "B02", "empire")  # Captain Mahmud
    frame = state.stack[-1]
    assert frame.name == "spend" and frame.role == "empire"
    assert frame.data["ap"] == 6
    # the lagoon, its islands and coast, and the three mainland spaces it is entered from
    assert set(frame.data["spaces"]) == {
        s.id for s in SPACES.values() if s.kind in ("lagoon", "island", "coast")
    } | {"M41", "M49", "M59"}
    assert frame.data["actions"] == ["move", "slow", "attack"]
    assert state.attacks_per_unit == 2 and state.reward is False


def test_free_actions_with_reward_give_the_bonus_without_paying() -> None:
    state = start_state()
    money = state.money
    run_event(state, "A20", "empire")  # General Assault: advance first, then the AP
    answer(state, "done")
    frame = state.stack[-1]
    assert frame.name == "spend" and frame.data["ap"] == 3
    assert frame.data["actions"] == ["attack"] and state.reward is True
    assert state.money == money


def test_free_actions_for_the_insurgents_and_for_either_side() -> None:
    state = start_state()
    state.round = 4
    run_event(state, "B27", "insurgents")  # The Free Besieged: +1 Morale, 3 AP
    frame = state.stack[-1]
    assert frame.name == "spend" and frame.role == "insurgents" and frame.data["ap"] == 3
    ids = asked(state)[2]
    assert "act:regroup" in ids and "act:raid" in ids and "act:support" not in ids
    state = start_state()
    state.round = 4
    run_event(state, "B43", "empire")  # Fog over the Lagoon: movement only
    assert set(asked(state)[2]) <= {"act:move", "act:slow", "done"}
    state = start_state()
    state.round = 4
    run_event(state, "B43", "insurgents")
    assert set(asked(state)[2]) == {"act:regroup", "done"}


# ───────────────────────────── special cards ─────────────────────────────


def test_under_cover_of_night_moves_a_row6_cannon_and_one_unit_forward() -> None:
    state = start_state()
    for sid in SPACES:
        if state.spaces[sid].cannon == "empire":
            state.spaces[sid].cannon = None
    state.spaces["M64"].cannon = "empire"
    state.spaces["M64"].exp = 2
    state.spaces["M64"].ally = 0
    run_event(state, "A03", "empire")
    assert asked(state) == ("empire", "ev_night", ["space:M64"])
    answer(state, "space:M64")
    ids = asked(state)[2]
    forward = sorted(f"space:{n}" for n in SPACES["M64"].neighbours
                     if SPACES[n].row == 5 and SPACES[n].kind == "mainland")
    assert sorted(ids) == forward
    target = ids[0].split(":")[1]
    before = state.spaces[target].exp
    answer(state, ids[0])
    assert state.spaces[target].cannon == "empire" and state.spaces["M64"].cannon is None
    assert "unit:exp" in asked(state)[2]
    answer(state, "unit:exp")
    assert state.spaces[target].exp == before + 1 and state.spaces["M64"].exp == 1
    assert finished(state)


def test_under_cover_of_night_without_a_row6_cannon_does_nothing() -> None:
    state = start_state()
    for sid in SPACES:
        if state.spaces[sid].cannon == "empire" and SPACES[sid].row == 6:
            state.spaces[sid].cannon = None
    run_event(state, "A03", "empire")
    assert finished(state)


def test_yusuf_pasha_event() -> None:
    """Yusuf Pasza: +1 support at Sea, +1 Imperial Supplies, a cannon in the Camp."""
    state = start_state()
    sea, supplies, camp = state.areas["sea"].support, state.supplies["empire"], \
        state.camp_cannons
    run_event(state, "A02", "empire")
    assert state.areas["sea"].support == sea - 1  # the Sea is Greek: a Greek marker goes
    assert state.supplies["empire"] == supplies + 1
    assert state.camp_cannons == camp + 1 and finished(state)


# ───────────────────────────── every card runs ─────────────────────────────


def _sides(card: cards.Card) -> list[str]:
    return ["empire", "insurgents"] if card.side == "neutral" else [card.side]


def _mid_game(seed: str) -> FreedomState:
    """A busy position: damaged wall, Imperial units at the wall and in the lagoon, cannons."""
    state = start_state(seed)
    state.round = 4
    state.spaces["W3"].damage = 2
    state.spaces["W5"].damage = 1
    pieces.remove_units(state, "W3", "insurgents", 2)
    for sid, kind in (("M42", "exp"), ("M46", "exp"), ("M44", "ally"), ("KO", "ally"),
                      ("VR", "ally"), (CAMP, "ally")):
        assert pieces.add_units(state, sid, kind, 2) == 2
    assert pieces.place_cannon(state, "M44", "empire")
    return state


@pytest.mark.parametrize("card_id", sorted(CARDS))
def test_every_event_resolves_with_random_answers(card_id: str) -> None:
    card = CARDS[card_id]
    for side in _sides(card):
        for seed in ("s1", "s2", "s3"):
            for builder in (start_state, _mid_game):
                state = builder(f"{card_id}-{side}-{seed}")
                chooser = Rng(seed=f"chooser-{seed}")
                run_event(state, card_id, side)
                for _ in range(200):
                    if finished(state):
                        break
                    role, _, ids = asked(state)
                    assert ids, "a prompt is never empty"
                    answer_as(state, role, chooser.choice(ids))
                if not finished(state):
                    # free AP reach the rules' own action menu; close it to finish.
                    assert state.stack[-1].name in ("spend",), state.stack[-1].name
                    continue
                _assert_sound(state)


def _assert_sound(state: FreedomState) -> None:
    assert invariants.check(state) == []
    p = TRACKS.pieces
    for kind, total in (("exp", p.expeditionary), ("ally", p.allied), ("ins", p.insurgents),
                        ("civ", p.civilians)):
        assert total_units(state, kind) + state.pool[kind] == total, kind
    on_map = sum(1 for s in state.spaces.values() if s.cannon and not s.bombard)
    assert on_map + state.camp_cannons + state.pool["cannons"] == p.cannons
    for sid, space in state.spaces.items():
        assert not (space.ins and space.imperial), sid
        assert 0 <= space.damage <= 2
        if sid != CAMP and SPACES[sid].kind != "city centre":
            assert space.ins + space.imperial <= max(SPACES[sid].limit, 0) or \
                SPACES[sid].limit == 0, sid
    for area in state.areas.values():
        assert 0 <= area.support <= TRACKS.limits.support_max
    assert all(v >= 0 for v in state.supplies.values()) and state.money >= 0


# ───────────────────────────── the Polish card-play examples ─────────────────────────────


def _to_first_play(seed: str) -> FreedomState:
    """A real game advanced with random answers to the first card play of the Actions phase."""
    state = GAME.setup(seed, 2, FreedomOptions())
    chooser = Rng(seed=f"to-play-{seed}")
    for _ in range(500):
        if state.stack and state.stack[-1].name == "play":
            return state
        role, _, ids = asked(state)
        answer_as(state, role, chooser.choice(ids))
    raise AssertionError("no card play reached")


def test_marsh_diseases_played_for_ap_is_triggered_by_discarding_grenades() -> None:
    """4.3.2: the Empire plays "Choroby bagienne" for AP; the Insurgents discard "Granaty" to
    resolve it; the Empire may not then trigger "Granaty" (an Imperial event, so otherwise it
    could), which was discarded, not played."""
    assert CARDS["A22"].name_pl == "Granaty" and CARDS["A22"].beneficial_to("empire")
    assert not CARDS["A22"].beneficial_to("insurgents")
    state = _to_first_play("marsh")
    first = state.stack[-1].role
    if first != "empire":  # let the Insurgents play a neutral card for AP first
        state.hands["insurgents"][0] = "A41"
        answer_as(state, "insurgents", "card:A41:ap")
        while state.stack[-1].name != "play":
            answer_as(state, "insurgents", "done")
    state.hands["empire"][0] = "A21"
    state.hands["insurgents"][0] = "A22"
    _, _, ids = asked(state)
    assert "card:A21:event" not in ids  # not beneficial to the Empire
    answer_as(state, "empire", "card:A21:ap")
    assert asked(state)[:2] == ("empire", "spend")
    answer_as(state, "empire", "done")
    role, name, ids = asked(state)
    assert (role, name) == ("insurgents", "play")
    assert "card:A22:discard" in ids
    exp_before, supplies = total_units(state, "exp"), state.supplies["empire"]
    answer_as(state, "insurgents", "card:A22:discard")
    for _ in range(2):  # the Empire picks its two losses
        role, name, ids = asked(state)
        assert (role, name) == ("empire", "ev_remove")
        answer_as(state, "empire", ids[0])
    assert total_units(state, "exp") == exp_before - 2
    assert state.supplies["empire"] == max(0, supplies - 2)
    role, name, ids = asked(state)
    assert (role, name) == ("empire", "play")
    assert state.pending_event is None
    assert not any(i.endswith(":discard") for i in ids)  # Granaty cannot be triggered


def test_grenades_played_for_ap_could_be_triggered_by_the_empire() -> None:
    """The control of the example: had the Insurgents *played* "Granaty" for its AP, the Empire
    could discard a card to trigger it, since its event benefits the Empire."""
    state = _to_first_play("grenades")
    first = state.stack[-1].role
    if first != "insurgents":  # let the Empire play a neutral card for AP first
        state.hands["empire"][0] = "A41"
        answer_as(state, "empire", "card:A41:ap")
        while state.stack[-1].name != "play":
            answer_as(state, "empire", "done")
    state.hands["insurgents"][0] = "A22"
    assert "card:A22:event" not in asked(state)[2]  # not the Insurgents' event
    answer_as(state, "insurgents", "card:A22:ap")
    while state.stack[-1].name != "play":
        answer_as(state, "insurgents", "done")
    role, name, ids = asked(state)
    assert (role, name) == ("empire", "play") and state.pending_event == "A22"
    discard = next(i for i in ids if i.endswith(":discard"))
    morale, civ = state.morale["insurgents"], state.spaces[CITY].civ
    answer_as(state, "empire", discard)
    assert state.morale["insurgents"] == morale - 1 and state.spaces[CITY].civ == civ - 2


def test_kapitan_mahmud_gives_six_lagoon_ap_with_two_attacks_per_unit() -> None:
    state = start_state()
    state.round = 4
    state.spaces["KO"].exp = 1
    state.pool["exp"] -= 1
    run_event(state, "B02", "empire")
    role, name, ids = asked(state)
    assert (role, name) == ("empire", "spend")
    # only movement and attacks, no Support, Plea, Preparation or cannon
    assert all(i in ("act:move", "act:slow", "act:attack", "done") for i in ids)
    assert state.attacks_per_unit == 2


def test_a_card_drawn_by_an_event_stays_hidden_from_spectators_and_the_opponent() -> None:
    state = start_state()
    drawn = state.decks["A"][0]
    run_event(state, "A45", "insurgents")  # Council of War: Preparation +2, draw 1 card
    assert drawn in state.hands["insurgents"]
    assert drawn not in GAME.view(state, None).model_dump_json()
    assert drawn not in GAME.view(state, "empire").model_dump_json()
    assert drawn in GAME.view(state, "insurgents").model_dump_json()


def test_event_questions_name_their_card() -> None:
    state = start_state()
    run_event(state, "A21", "insurgents")
    asking = current(state)
    assert asking is not None and asking[1].startswith("Marsh Diseases: remove your unit")


def test_the_rules_page_lists_every_card_as_in_the_data() -> None:

    page = Path(__file__).resolve().parents[3] / "docs" / "games" / "freedom.md"
    rows = {line.split("|")[1].strip(): line for line in page.read_text().splitlines()
            if line.startswith("| A") or line.startswith("| B")}
    for c in deck().card:
        assert c.id in rows, c.id
        assert f"| {c.ap} | {c.text} | {c.note} |" in rows[c.id], c.id
