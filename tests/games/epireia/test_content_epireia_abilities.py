"""Epireia content effects: every ability, effect primitive and hook does what its card says."""

from __future__ import annotations

import inspect

import pytest

from engine.core.rng import Rng
from engine.core.simulate import play_random
from engine.games.epireia import GAME
from engine.games.epireia import abilities as ab
from engine.games.epireia.board import EMPIRES, TERRITORIES
from engine.games.epireia.content import CONTENT, Effect, Modifier
from engine.games.epireia.state import (
    HOME,
    BattleSide,
    BattleState,
    EpireiaOptions,
    EpireiaState,
    FigureState,
    Frame,
    League,
    ScenarioState,
    Seat,
)


def make_state(*cities: str, leagues: tuple[str, ...] = ()) -> EpireiaState:
    """A bare game: one seat per city (Delian, Peloponnesian alternately unless given)."""
    cities = cities or ("athens", "sparta")
    leagues = leagues or tuple(
        "delian" if i % 2 == 0 else "peloponnesian" for i in range(len(cities)))
    roles = [f"{lg}-{i + 1}" for i, lg in enumerate(leagues)]
    state = EpireiaState(
        game="epireia", rng=Rng(seed="content"), players=len(cities), roles=roles,
        options=EpireiaOptions(), phase="development",
        seats={r: Seat(city=c, league=lg) for r, c, lg in zip(roles, cities, leagues, strict=True)},
        leagues={"delian": League(), "peloponnesian": League()},
        territories={t: "" for t in TERRITORIES},
        supply={k: t.count for k, t in CONTENT.tokens.items()},
    )
    return state


def role_of(state: EpireiaState, city: str) -> str:
    return state.role_of_city(city)


def put(state: EpireiaState, figure: str, location: str = HOME) -> str:
    """Bring a figure card into play for the seat of its city; returns that role."""
    role = role_of(state, CONTENT.figures[figure].city)
    state.seats[role].figure_cards.append(figure)
    state.figures[figure] = FigureState(owner=role, location=location)
    return role


# --- the rule book's worked examples ------------------------------------------------------


def test_persia_example_heliodorus_cancels_the_crowding_penalty() -> None:
    state = make_state("larissa", "athens")
    larissa = put(state, "heliodorus", "persia")
    athens = put(state, "themistocles", "persia")
    need = EMPIRES["persia"].need_two
    assert need == 9
    assert need - ab.empire_bonus(state, larissa, "heliodorus", "persia") == 7
    assert need - ab.empire_bonus(state, athens, "themistocles", "persia") == 9


def test_cleisthenes_and_pericles_against_brasidas() -> None:
    state = make_state("athens", "sparta")
    put(state, "cleisthenes", "euboea")
    put(state, "pericles", "euboea")
    put(state, "brasidas", "euboea")
    athens_attack = sum(ab.figure_attack(state, f) for f in ("cleisthenes", "pericles"))
    sparta_attack = ab.figure_attack(state, "brasidas")
    athens_total = 4 + athens_attack + ab.conflict_bonus(state, "delian", "euboea")
    sparta_total = 5 + sparta_attack + ab.conflict_bonus(state, "peloponnesian", "euboea")
    assert (athens_total, sparta_total) == (9, 7)


def test_brigand_example_combined_attack_five() -> None:
    state = make_state("athens", "sparta")
    put(state, "cleisthenes", "epirus")
    put(state, "pericles", "epirus")
    state.territories["epirus"] = "brigands"
    attack = sum(ab.figure_attack(state, f) for f in ("cleisthenes", "pericles"))
    assert attack + ab.brigand_bonus(state, "delian", "epirus") == 5


# --- figure abilities ------------------------------------------------------------------------


def test_empire_roll_with_a_target_counts_only_there() -> None:
    state = make_state("athens", "sparta")
    sparta = put(state, "pausanias", "persia")
    assert ab.empire_bonus(state, sparta, "pausanias", "persia") == 3
    assert ab.empire_bonus(state, sparta, "pausanias", "macedonia") == 0


def test_a_figure_ability_is_its_own_not_its_companions() -> None:
    state = make_state("larissa", "athens")
    larissa = put(state, "heliodorus", "persia")
    put(state, "pheidon", "macedonia")
    assert ab.empire_bonus(state, larissa, "pheidon", "macedonia") == 0


def test_ignore_crowding_gives_back_two_per_other_figure() -> None:
    state = make_state("delphi", "athens", "sparta")
    delphi = put(state, "aristonice", "egypt")
    assert ab.empire_bonus(state, delphi, "aristonice", "egypt") == 0
    put(state, "themistocles", "egypt")
    assert ab.empire_bonus(state, delphi, "aristonice", "egypt") == 2
    put(state, "pausanias", "egypt")
    assert ab.empire_bonus(state, delphi, "aristonice", "egypt") == 4


def test_integration_roll_from_figures_and_synedrion() -> None:
    state = make_state("sparta", "delphi")
    sparta = put(state, "brasidas", "corinth")
    delphi = put(state, "xenoclea", "elis")
    assert ab.integration_bonus(state, sparta, "brasidas", "corinth") == 2
    assert ab.integration_bonus(state, delphi, "xenoclea", "elis") == 1
    assert ab.empire_bonus(state, delphi, "xenoclea", "phoenicia") == 1
    state.seats[delphi].buildings.append("synedrion")
    assert ab.integration_bonus(state, delphi, "xenoclea", "elis") == 3
    assert ab.integration_bonus(state, sparta, "brasidas", "corinth") == 2


def test_proxeneion_helps_every_figure_of_its_city_only() -> None:
    state = make_state("athens", "sparta")
    athens = put(state, "themistocles", "egypt")
    sparta = put(state, "brasidas", "persia")
    state.seats[athens].buildings.append("proxeneion")
    assert ab.empire_bonus(state, athens, "themistocles", "egypt") == 2
    assert ab.empire_bonus(state, sparta, "brasidas", "persia") == 0


def test_conflict_attack_by_terrain() -> None:
    state = make_state("athens", "corinth")
    put(state, "cimon", "aigaio-pelagos")
    assert ab.conflict_bonus(state, "delian", "aigaio-pelagos") == 2
    state.figures["cimon"].location = "euboea"
    assert ab.conflict_bonus(state, "delian", "euboea") == 0
    put(state, "adeimantus", "euboea")
    assert ab.conflict_bonus(state, "peloponnesian", "euboea") == 1
    assert ab.conflict_bonus(state, "delian", "euboea") == 0


def test_brigand_attack_counts_only_against_brigands() -> None:
    state = make_state("delphi", "athens")
    put(state, "timasitheus", "illyria")
    assert ab.conflict_bonus(state, "delian", "illyria") == 0
    state.territories["illyria"] = "brigands"
    assert ab.brigand_bonus(state, "delian", "illyria") == 2
    assert ab.conflict_bonus(state, "delian", "illyria") == 0


def test_eupolemos_fights_brigands_and_leagues() -> None:
    state = make_state("elis", "athens")
    put(state, "eupolemos", "ionia")
    assert ab.conflict_bonus(state, "delian", "ionia") == 1
    state.territories["ionia"] = "brigands"
    assert ab.brigand_bonus(state, "delian", "ionia") == 2
    # what the card says is what he does
    assert CONTENT.figures["eupolemos"].ability.endswith(
        "+1 attack in every Territory conflict, +2 against Brigands.")


def test_territory_conflict_abilities_do_not_count_on_a_greek_city() -> None:
    """Archidamus ("+1 attack on land Territories") and Adeimantus ("+1 attack in every
    Territory conflict") fight on Corinth's space with their attack points only: a conflict on
    a Greek City is not a Territory conflict (they used to add their bonus there)."""
    state = make_state("sparta", "elis", "corinth",
                       leagues=("peloponnesian", "delian", "peloponnesian"))
    put(state, "archidamus", "euboea")
    put(state, "adeimantus", "euboea")
    assert ab.conflict_bonus(state, "peloponnesian", "euboea") == 2
    state.figures["archidamus"].location = "larissa"
    state.figures["adeimantus"].location = "larissa"
    put(state, "eupolemos", "larissa")
    assert ab.conflict_bonus(state, "peloponnesian", "larissa") == 0
    assert ab.conflict_bonus(state, "delian", "larissa") == 0


def battle_with(state: EpireiaState, league: str, front: str, figure: str) -> None:
    state.battle = state.battle or BattleState(step="resolve")
    side = state.battle.sides.setdefault(league, BattleSide())
    side.figures[front] = figure


def test_battle_attack_only_on_its_front_and_in_battle() -> None:
    state = make_state("athens", "sparta")
    put(state, "themistocles")
    assert ab.figure_attack(state, "themistocles") == 2
    battle_with(state, "delian", "maritime", "themistocles")
    assert ab.figure_attack(state, "themistocles") == 4
    state.battle = None
    battle_with(state, "delian", "centre", "themistocles")
    assert ab.figure_attack(state, "themistocles") == 2


def test_tisamenus_helps_on_every_front_and_echecratidas_on_two() -> None:
    state = make_state("elis", "larissa")
    put(state, "tisamenus")
    put(state, "echecratidas")
    for front in ("flank", "centre", "maritime"):
        state.battle = None
        battle_with(state, "delian", front, "tisamenus")
        battle_with(state, "peloponnesian", front, "echecratidas")
        assert ab.figure_attack(state, "tisamenus") == 2
        assert ab.figure_attack(state, "echecratidas") == (2 if front == "maritime" else 3)


def test_pericles_attack_three_and_cheaper_buildings() -> None:
    state = make_state("athens", "sparta")
    athens = put(state, "pericles")
    assert ab.figure_attack(state, "pericles") == 3
    assert ab.building_cost(state, athens, "proxeneion") == {"wheat": 1, "wood": 1, "copper": 2}
    assert ab.building_cost(state, athens, "hippodrome") == {"wheat": 3, "wood": 1, "copper": 0}


def test_libon_cheaper_wood_and_never_below_zero() -> None:
    state = make_state("elis", "sparta")
    elis = put(state, "libon")
    assert ab.building_cost(state, elis, "archeion") == {"wheat": 1, "wood": 0, "copper": 1}
    assert ab.building_cost(state, elis, "timber-yard") == {"wheat": 2, "wood": 0, "copper": 1}


@pytest.mark.parametrize(
    ("figure", "kind", "cost"),
    [
        ("gorgo", "hoplites-1", {"copper": 1}),
        ("gorgo", "hoplites-2", {"copper": 2}),
        ("gorgo", "triremes-1", {"wood": 2}),
        ("periander", "triremes-2", {"wood": 2}),
        ("aleuas", "cavalry-1", {"wheat": 1}),
        ("aleuas", "hoplites-1", {"copper": 2}),
    ],
)
def test_token_discounts(figure: str, kind: str, cost: dict[str, int]) -> None:
    state = make_state(CONTENT.figures[figure].city, "elis")
    role = put(state, figure)
    assert {r: n for r, n in ab.token_cost(state, role, kind).items() if n} == cost


@pytest.mark.parametrize(
    ("figure", "resource"),
    [("aristides", "copper"), ("thrasydaeus", "wheat")],
)
def test_income_figures(figure: str, resource: str) -> None:
    state = make_state(CONTENT.figures[figure].city, "corinth")
    role = put(state, figure)
    expected = {"wheat": 0, "wood": 0, "copper": 0, resource: 1}
    assert ab.income(state, role) == expected
    assert ab.income(state, role_of(state, "corinth")) == {"wheat": 0, "wood": 0, "copper": 0}


def test_xenophon_brings_prestige_when_he_comes_into_play() -> None:
    state = make_state("corinth", "athens")
    corinth = role_of(state, "corinth")
    ab.recruit_figure(state, corinth, "xenophon")
    assert state.seats[corinth].prestige == 3
    assert state.figures["xenophon"].location == HOME


def test_pheidon_brings_three_copper_when_he_comes_into_play() -> None:
    state = make_state("larissa", "athens")
    larissa = role_of(state, "larissa")
    before = dict(state.seats[larissa].resources)
    ab.recruit_figure(state, larissa, "pheidon")
    assert state.seats[larissa].resources == {**before, "copper": before["copper"] + 3}
    assert ab.income(state, larissa) == {"wheat": 0, "wood": 0, "copper": 0}


def test_cleisthenes_and_theatre_add_prestige_to_donations() -> None:
    state = make_state("athens", "sparta")
    athens = put(state, "cleisthenes")
    ab.on_donate(state, athens, "wheat", 2)
    assert state.seats[athens].prestige == 2
    state.seats[athens].buildings.append("theatre")
    ab.on_donate(state, athens, "wheat", 2)
    assert state.seats[athens].prestige == 4
    sparta = role_of(state, "sparta")
    ab.on_donate(state, sparta, "wheat", 2)
    assert state.seats[sparta].prestige == 1


def _probe(state: EpireiaState, role: str, figure: str) -> tuple[object, ...]:
    """Everything a figure's ability could change, measured with the figure in play."""
    out: list[object] = []
    for empire in EMPIRES:
        state.figures[figure].location = empire
        out.append(ab.empire_bonus(state, role, figure, empire))
    state.figures["crowd"] = FigureState(owner="enemy", location="egypt")
    state.figures[figure].location = "egypt"
    out.append(ab.empire_bonus(state, role, figure, "egypt"))
    del state.figures["crowd"]
    for city in ("athens", "sparta", "corinth", "delphi", "elis", "larissa"):
        state.figures[figure].location = city
        out.append(ab.integration_bonus(state, role, figure, city))
    league = state.league_of(role)
    for territory in ("euboea", "aigaio-pelagos"):
        state.figures[figure].location = territory
        out.append(ab.conflict_bonus(state, league, territory))
        state.territories[territory] = "brigands"
        out.append(ab.brigand_bonus(state, league, territory))
        state.territories[territory] = ""
    state.figures[figure].location = HOME
    for front in ("flank", "centre", "maritime"):
        state.battle = None
        battle_with(state, league, front, figure)
        out.append(ab.figure_attack(state, figure) - CONTENT.figures[figure].attack)
    state.battle = None
    out.append(tuple(ab.income(state, role).values()))
    out.extend(tuple(ab.building_cost(state, role, b).values()) for b in CONTENT.buildings)
    out.extend(tuple(ab.token_cost(state, role, k).values()) for k in CONTENT.tokens)
    before = state.seats[role].prestige
    ab.on_donate(state, role, "wood", 2)
    out.append(state.seats[role].prestige - before)
    return tuple(out)


def _figure_probe(figure: str) -> tuple[object, ...]:
    card = CONTENT.figures[figure]
    other = "sparta" if card.city == "athens" else "athens"
    state = make_state(card.city, other)
    role = role_of(state, card.city)
    before = dict(state.seats[role].resources)
    ab.recruit_figure(state, role, figure)
    gained = state.seats[role].prestige - 1
    resources = tuple(state.seats[role].resources[r] - before[r] for r in before)
    return (*_probe(state, role, figure), gained, resources)


def test_every_figure_ability_does_something_and_no_two_are_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    probes = {figure: _figure_probe(figure) for figure in CONTENT.figures}
    assert len(set(probes.values())) == len(probes)
    for figure, card in list(CONTENT.figures.items()):
        with monkeypatch.context() as patch:
            patch.setitem(CONTENT.figures, figure,
                          card.model_copy(update={"modifiers": [], "on_play": []}))
            baseline = _figure_probe(figure)
        assert probes[figure] != baseline, f"{figure}'s ability changes nothing"


# --- buildings ---------------------------------------------------------------------------------


def test_religious_buildings_raise_prestige() -> None:
    state = make_state("athens", "sparta")
    athens = role_of(state, "athens")
    ab.on_construct(state, athens, "temple")
    assert state.seats[athens].prestige == 3
    ab.on_construct(state, athens, "theatre")
    assert state.seats[athens].prestige == 4


@pytest.mark.parametrize(("building", "resource"),
                         [("granary", "wheat"), ("timber-yard", "wood"), ("foundry", "copper")])
def test_civil_buildings_add_income(building: str, resource: str) -> None:
    state = make_state("athens", "sparta")
    athens = role_of(state, "athens")
    state.seats[athens].buildings.append(building)
    assert ab.income(state, athens)[resource] == 1
    assert sum(ab.income(state, athens).values()) == 1


def test_prytaneion_asks_for_a_new_figure_and_resolve_choice_brings_it() -> None:
    state = make_state("athens", "sparta")
    athens = put(state, "pericles")
    ab.on_construct(state, athens, "prytaneion")
    frame = state.stack[-1]
    assert frame.name == "ability" and frame.role == athens
    assert frame.data["source"] == "recruit"
    offered = [o[0] for o in frame.data["options"]]
    assert sorted(offered) == ["aristides", "cimon", "cleisthenes", "themistocles"]
    state.stack.pop()
    ab.resolve_choice(state, athens, frame, "cimon")
    assert state.seats[athens].figure_cards == ["pericles", "cimon"]
    assert state.figures["cimon"].owner == athens


def test_no_fourth_figure() -> None:
    state = make_state("athens", "sparta")
    for figure in ("pericles", "cimon", "aristides"):
        athens = put(state, figure)
    assert ab.recruit_candidates(state, athens) == []
    ab.on_construct(state, athens, "prytaneion")
    assert state.stack == []
    with pytest.raises(ValueError):
        ab.recruit_figure(state, athens, "themistocles")


def test_military_buildings_unlock_level_two() -> None:
    state = make_state("athens", "sparta")
    athens = role_of(state, "athens")
    state.seats[athens].resources = {"wheat": 9, "wood": 9, "copper": 9}
    assert "Gymnasium" in ab.can_produce(state, athens, "hoplites-2")
    assert ab.can_produce(state, athens, "hoplites-1") == ""
    state.seats[athens].buildings.append("gymnasium")
    assert ab.can_produce(state, athens, "hoplites-2") == ""
    assert "Shipsheds" in ab.can_produce(state, athens, "triremes-2")
    state.supply["hoplites-2"] = 0
    assert ab.can_produce(state, athens, "hoplites-2")
    state.seats[athens].resources["copper"] = 1
    assert ab.can_produce(state, athens, "hoplites-1")


# --- effect primitives -------------------------------------------------------------------------


def test_pay_makes_the_effect_list_all_or_nothing() -> None:
    state = make_state("athens", "sparta")
    athens = role_of(state, "athens")
    effects = [Effect(kind="pay", resource="copper", amount=3),
               Effect(kind="gain", resource="wheat", amount=5)]
    assert ab.apply_effects(state, athens, effects, "test") is False
    assert state.seats[athens].resources == {"wheat": 2, "wood": 2, "copper": 2}
    state.seats[athens].resources["copper"] = 3
    assert ab.apply_effects(state, athens, effects, "test") is True
    assert state.seats[athens].resources == {"wheat": 7, "wood": 2, "copper": 0}


def test_lose_takes_only_what_there_is() -> None:
    state = make_state("athens", "sparta")
    athens = role_of(state, "athens")
    ab.apply_effects(state, athens, [Effect(kind="lose", resource="wood", amount=5)], "test")
    assert state.seats[athens].resources["wood"] == 0


def test_token_effect_takes_from_the_supply_until_it_runs_out() -> None:
    state = make_state("athens", "sparta")
    athens = role_of(state, "athens")
    state.supply["cavalry-2"] = 1
    effect = Effect(kind="token", token="cavalry-2")
    ab.apply_effects(state, athens, [effect], "test")
    assert state.leagues["delian"].reserve == ["cavalry-2"]
    assert state.supply["cavalry-2"] == 0
    ab.apply_effects(state, athens, [effect], "test")
    assert state.leagues["delian"].reserve == ["cavalry-2"]
    assert state.supply["cavalry-2"] == 0


def test_league_take_is_capped_by_the_treasury() -> None:
    state = make_state("athens", "sparta")
    athens = role_of(state, "athens")
    state.leagues["delian"].treasury["wood"] = 2
    ab.apply_effects(state, athens, [Effect(kind="league_take", resource="wood", amount=3)], "t")
    assert state.seats[athens].resources["wood"] == 4
    assert state.leagues["delian"].treasury["wood"] == 0


def test_action_now_in_your_development_turn_or_banked() -> None:
    state = make_state("athens", "sparta")
    athens = role_of(state, "athens")
    state.stack.append(Frame(name="develop", role=athens))
    state.seats[athens].actions_left = 1
    ab.apply_effects(state, athens, [Effect(kind="action", amount=1)], "test")
    assert state.seats[athens].actions_left == 2
    state.stack.clear()
    state.phase = "resolution"
    ab.apply_effects(state, athens, [Effect(kind="action", amount=1)], "test")
    assert state.seats[athens].actions_left == 2
    assert ab.development_actions(state, athens) == 3
    assert ab.development_actions(state, athens) == 2


def test_brigands_return_the_city_token_and_random_land_is_land() -> None:
    state = make_state("athens", "sparta")
    athens = role_of(state, "athens")
    state.territories["euboea"] = athens
    state.seats[athens].trade_posts = 2
    ab.apply_effects(state, athens, [Effect(kind="brigands", targets=["euboea"])], "test")
    assert state.territories["euboea"] == "brigands"
    assert state.seats[athens].trade_posts == 3
    for _ in range(5):
        taken = ab.place_brigands(state, "random-land", "test")
        assert taken and not TERRITORIES[taken].sea
    assert ab.place_brigands(state, "random-land", "test") == ""
    assert all(v == "brigands" for t, v in state.territories.items() if not TERRITORIES[t].sea)


# --- prestige track ----------------------------------------------------------------------------


def test_prestige_bonus_once_when_reached() -> None:
    state = make_state("athens", "sparta")
    athens = role_of(state, "athens")
    ab.gain_prestige(state, athens, 2, "test")  # 1 -> 3
    assert state.seats[athens].resources == {"wheat": 3, "wood": 3, "copper": 2}
    assert state.seats[athens].bonuses_taken == [3]
    state.seats[athens].prestige = 2
    ab.gain_prestige(state, athens, 1, "test")  # back to 3: no second bonus
    assert state.seats[athens].resources == {"wheat": 3, "wood": 3, "copper": 2}


def test_prestige_jump_grants_each_level_and_a_paid_bonus_is_forfeited_when_unpaid() -> None:
    state = make_state("athens", "sparta")
    athens = role_of(state, "athens")
    state.seats[athens].resources = {"wheat": 0, "wood": 0, "copper": 0}
    state.phase = "resolution"
    ab.on_prestige(state, athens, 2, 9)  # 3, 5, 7 (pay 2 Copper: cannot), 9
    seat = state.seats[athens]
    assert seat.bonuses_taken == [3, 5, 7, 9]
    assert seat.resources == {"wheat": 1, "wood": 1, "copper": 2}
    assert state.leagues["delian"].reserve == []
    assert seat.counters["bonus_actions"] == 1
    ab.on_prestige(state, athens, 9, 11)  # pay 3 Copper: only 2
    assert state.leagues["delian"].reserve == []
    seat.resources["copper"] = 5
    seat.bonuses_taken.remove(11)
    ab.on_prestige(state, athens, 10, 11)
    assert state.leagues["delian"].reserve == ["hoplites-2"]
    assert seat.resources["copper"] == 2


def test_a_paid_bonus_whose_token_is_gone_is_forfeited_without_paying() -> None:
    """Prestige 7 (pay 2 Copper: a Hoplites I token) with the Hoplites I pile empty: "the
    action is not possible when the decks are exhausted", so the bonus is forfeited and the
    2 Copper stay with the player (they used to be paid for nothing)."""
    state = make_state("athens", "sparta")
    athens = role_of(state, "athens")
    state.phase = "resolution"
    state.supply["hoplites-1"] = 0
    state.seats[athens].resources["copper"] = 5
    ab.on_prestige(state, athens, 6, 7)
    assert state.seats[athens].bonuses_taken == [7]
    assert state.seats[athens].resources["copper"] == 5
    assert state.leagues["delian"].reserve == []
    assert "forfeited" in state.log[-1].text


def test_a_paid_bonus_says_it_is_paid() -> None:
    state = make_state("athens", "sparta")
    athens = role_of(state, "athens")
    state.phase = "resolution"
    ab.on_prestige(state, athens, 6, 7)
    assert "Prestige 7: Athens pays 2 Copper." in [e.text for e in state.log]  # not "loses"


def test_prestige_stops_at_the_end_of_the_track() -> None:
    state = make_state("athens", "sparta")
    athens = role_of(state, "athens")
    state.seats[athens].prestige = 14
    ab.gain_prestige(state, athens, 5, "test")
    assert state.seats[athens].prestige == CONTENT.prestige.max == 15


# --- administrators ----------------------------------------------------------------------------


def admin_state(admin: str) -> tuple[EpireiaState, str]:
    state = make_state("athens", "sparta")
    athens = role_of(state, "athens")
    state.seats[athens].administrator = admin
    state.seats[athens].buildings.append("archeion")
    state.stack.append(Frame(name="develop", role=athens))
    return state, athens


def test_administrator_needs_the_archeion_and_three_uses_at_most() -> None:
    state, athens = admin_state("archon")
    assert [o for o, _ in ab.administrator_options(state, athens)] == ["assembly"]
    state.seats[athens].buildings.clear()
    assert ab.administrator_options(state, athens) == []
    state.seats[athens].buildings.append("archeion")
    state.seats[athens].admin_uses = 3
    assert ab.administrator_options(state, athens) == []


def test_administrator_once_per_round() -> None:
    state, athens = admin_state("archon")
    state.seats[athens].actions_left = 1
    ab.use_administrator(state, athens, "assembly")
    assert state.seats[athens].actions_left == 2
    assert ab.administrator_options(state, athens) == []
    state.round += 1
    assert ab.administrator_options(state, athens) != []


def test_polemarch_levies_a_token_for_one_resource() -> None:
    state, athens = admin_state("polemarch")
    wood = state.seats[athens].resources["wood"]
    ab.use_administrator(state, athens, "triremes")
    assert state.leagues["delian"].reserve == ["triremes-1"]
    assert state.seats[athens].resources["wood"] == wood - 1  # half a Triremes I's cost
    state.supply["cavalry-1"] = 0
    state.round += 1
    assert "cavalry" not in [o for o, _ in ab.administrator_options(state, athens)]
    state.seats[athens].resources["copper"] = 0
    assert "hoplites" not in [o for o, _ in ab.administrator_options(state, athens)]


def test_priestess_helps_all_negotiations_this_round_only() -> None:
    state, athens = admin_state("priestess")
    put(state, "themistocles", "egypt")
    ab.use_administrator(state, athens, "oracle")
    assert ab.empire_bonus(state, athens, "themistocles", "egypt") == 2
    assert ab.integration_bonus(state, athens, "themistocles", "corinth") == 2
    sparta = put(state, "brasidas", "persia")
    assert ab.empire_bonus(state, sparta, "brasidas", "persia") == 0
    state.effects = {k: v for k, v in state.effects.items() if not k.startswith("turn:")}
    assert ab.empire_bonus(state, athens, "themistocles", "egypt") == 0


def test_trapezites_borrows_from_the_treasury() -> None:
    state, athens = admin_state("trapezites")
    assert ab.administrator_options(state, athens) == []  # the treasury is empty
    state.leagues["delian"].treasury["copper"] = 5
    assert [o for o, _ in ab.administrator_options(state, athens)] == ["copper"]
    ab.use_administrator(state, athens, "copper")
    assert state.seats[athens].resources["copper"] == 5
    assert state.leagues["delian"].treasury["copper"] == 2


def test_merchant_trades_two_for_three_when_affordable() -> None:
    state, athens = admin_state("merchant")
    state.seats[athens].resources = {"wheat": 2, "wood": 1, "copper": 0}
    assert [o for o, _ in ab.administrator_options(state, athens)] == [
        "wheat-wood", "wheat-copper"]
    ab.use_administrator(state, athens, "wheat-copper")
    assert state.seats[athens].resources == {"wheat": 0, "wood": 1, "copper": 3}


def test_architect_lowers_building_costs_this_round() -> None:
    state, athens = admin_state("architect")
    ab.use_administrator(state, athens, "plans")
    assert ab.building_cost(state, athens, "proxeneion") == {"wheat": 0, "wood": 0, "copper": 2}
    assert ab.building_cost(state, role_of(state, "sparta"), "proxeneion") == {
        "wheat": 1, "wood": 1, "copper": 3}


# --- scenarios ---------------------------------------------------------------------------------


def with_card(state: EpireiaState, card: str) -> EpireiaState:
    state.scenario = ScenarioState(act=CONTENT.scenarios[card].act, card=card)
    ab.start_scenario(state, card)
    return state


def test_olympic_games_objective_reward_and_constraint() -> None:
    state = with_card(
        make_state("athens", "sparta", "corinth",
                   leagues=("delian", "peloponnesian", "peloponnesian")),
        "olympic-games",
    )
    athens, sparta, corinth = state.roles
    assert ab.move_blocked(state, athens, "themistocles", "delphi")
    assert ab.move_blocked(state, athens, "themistocles", "euboea") == ""
    state.seats[athens].prestige = 8
    assert ab.objective_met(state, athens)
    state.seats[sparta].prestige = 8
    assert not ab.objective_met(state, sparta)  # Corinth, its league partner, is at 1
    state.seats[corinth].prestige = 8
    assert ab.objective_met(state, sparta)
    ab.grant_reward(state, sparta)
    assert state.leagues["peloponnesian"].reserve == ["cavalry-2"]
    assert state.supply["cavalry-2"] == 5
    state.scenario.completed = True
    assert not ab.objective_met(state, athens)
    assert ab.move_blocked(state, athens, "themistocles", "delphi") == ""


def test_objective_checks() -> None:
    state = make_state("athens", "sparta")
    athens = role_of(state, "athens")
    assert not ab.objective_met(state, athens)  # no card yet
    with_card(state, "delian-treasury")
    state.leagues["delian"].treasury = {"wheat": 4, "wood": 4, "copper": 3}
    assert not ab.objective_met(state, athens)
    state.leagues["delian"].treasury["copper"] = 4
    assert ab.objective_met(state, athens)
    with_card(state, "long-walls")
    state.seats[athens].buildings = ["temple", "granary", "foundry"]
    assert not ab.objective_met(state, athens)
    state.seats[athens].buildings.append("archeion")
    assert ab.objective_met(state, athens)
    with_card(state, "great-earthquake")
    state.leagues["delian"].reserve = ["hoplites-1"] * 3 + ["cavalry-1", "triremes-2"]
    assert not ab.objective_met(state, athens)
    state.leagues["delian"].reserve.append("hoplites-2")
    assert ab.objective_met(state, athens)
    with_card(state, "megarian-decree")
    state.leagues["delian"].treasury = {"wheat": 9, "wood": 9, "copper": 5}
    assert not ab.objective_met(state, athens)
    state.leagues["delian"].treasury["copper"] = 6
    assert ab.objective_met(state, athens)


def test_pirates_of_scyros_place_brigands_and_want_two_seas() -> None:
    state = make_state("athens", "sparta")
    athens = role_of(state, "athens")
    state.territories["aigaio-pelagos"] = athens
    state.seats[athens].trade_posts = 2
    with_card(state, "dolopian-pirates")
    assert state.territories["aigaio-pelagos"] == "brigands"
    assert state.territories["thrakiko-pelagos"] == "brigands"
    assert state.seats[athens].trade_posts == 3
    state.territories["kritiko-pelagos"] = athens
    state.territories["euboea"] = athens
    state.territories["epirus"] = athens
    assert not ab.objective_met(state, athens)
    state.territories["aigaio-pelagos"] = athens
    assert ab.objective_met(state, athens)


def test_potidaea_counts_all_the_league_territories() -> None:
    state = with_card(make_state("athens", "sparta", "corinth", "elis"), "potidaea")
    assert state.territories["chalkidiki"] == "brigands"
    athens, sparta, corinth, elis = state.roles
    state.territories.update({"euboea": athens, "ionia": elis, "epirus": sparta, "aeolis": corinth})
    assert not ab.objective_met(state, sparta)
    state.territories["illyria"] = elis
    assert ab.objective_met(state, sparta)
    assert not ab.objective_met(state, athens)


def test_egyptian_expedition_closes_persia() -> None:
    state = with_card(make_state("athens", "sparta"), "egyptian-expedition")
    athens = role_of(state, "athens")
    assert "Persia" in ab.move_blocked(state, athens, "themistocles", "persia")
    assert ab.move_blocked(state, athens, "themistocles", "egypt") == ""


@pytest.mark.parametrize(("card", "resource"),
                         [("great-earthquake", "wheat"), ("megarian-decree", "copper")])
def test_income_constraints_for_everyone_while_in_force(card: str, resource: str) -> None:
    state = with_card(make_state("athens", "sparta"), card)
    for role in state.roles:
        assert ab.income(state, role)[resource] == -1
    athens = role_of(state, "athens")
    state.seats[athens].buildings += ["granary", "foundry"]
    assert ab.income(state, athens)[resource] == 0
    state.scenario.completed = True
    assert ab.income(state, role_of(state, "sparta"))[resource] == 0


def test_income_never_takes_more_than_the_base_one() -> None:
    state = with_card(make_state("athens", "sparta"), "great-earthquake")
    state.effects[ab.turn_key("*", Modifier(kind="income", resource="wheat", amount=-1))] = -1
    assert ab.income(state, state.roles[0])["wheat"] == -1


# --- solo and the Augur deck ---------------------------------------------------------------------


def solo_state(scenario: str) -> EpireiaState:
    spec = CONTENT.solo[scenario]
    state = make_state(spec.city or "corinth", leagues=(spec.league or "delian",))
    (seat,) = state.seats.values()
    state.roles = ["solo"]
    state.seats = {"solo": seat}
    state.solo.scenario = scenario
    return state


def test_solo_objectives_need_every_one() -> None:
    state = solo_state("ithome")
    seat = state.seats["solo"]
    seat.prestige = 6
    assert not ab.solo_objectives_met(state)
    state.leagues[seat.league].reserve = ["hoplites-1", "hoplites-2", "hoplites-1", "hoplites-1"]
    assert ab.solo_objectives_met(state)
    seat.prestige = 5
    assert not ab.solo_objectives_met(state)


def test_solo_territory_objective() -> None:
    # The First Peloponnesian War: 2 maritime Territories and 5 buildings.
    state = solo_state("first-peloponnesian-war")
    state.seats["solo"].buildings = ["temple", "granary", "foundry", "archeion", "gymnasium"]
    state.territories["euboea"] = "solo"
    state.territories["thrakiko-pelagos"] = "solo"
    assert not ab.solo_objectives_met(state)  # Euboea is on land
    state.territories["aigaio-pelagos"] = "solo"
    assert ab.solo_objectives_met(state)
    state.seats["solo"].buildings.pop()
    assert not ab.solo_objectives_met(state)


def _augur_probe(state: EpireiaState) -> tuple[object, ...]:
    role = "solo"
    seat = state.seats[role]
    out: list[object] = [tuple(seat.resources.values()), seat.prestige,
                         tuple(sorted(state.territories.items()))]
    out.extend(ab.empire_bonus(state, role, "pericles", e) for e in EMPIRES)
    out.append(ab.conflict_bonus(state, seat.league, "euboea"))
    out.append(tuple(ab.income(state, role).values()))
    out.extend(tuple(ab.building_cost(state, role, b).values()) for b in CONTENT.buildings)
    out.extend(tuple(ab.token_cost(state, role, k).values()) for k in CONTENT.tokens)
    out.extend(ab.move_blocked(state, role, "pericles", d) for d in ("aigaio-pelagos", "euboea"))
    before = seat.prestige
    ab.on_donate(state, role, "wheat", 2)
    out.append(seat.prestige - before)
    seat.prestige = before
    return tuple(out)


@pytest.mark.parametrize("card", sorted(CONTENT.augur))
def test_every_augur_card_changes_the_round_then_wears_off(card: str) -> None:
    state = solo_state("hegemony")
    state.seats["solo"].city = "athens"
    state.seats["solo"].figure_cards.append("pericles")
    state.figures["pericles"] = FigureState(owner="solo", location="euboea")
    before = _augur_probe(state)
    ab.augur_reveal(state, card)
    during = _augur_probe(state)
    assert during != before
    state.effects = {k: v for k, v in state.effects.items() if not k.startswith("turn:")}
    after = _augur_probe(state)
    # Modifiers wear off at the round's end; one-off effects (resources, Brigands) stay.
    assert after[3:] == before[3:]


def test_specific_augur_cards() -> None:
    state = solo_state("hegemony")
    state.seats["solo"].city = "athens"
    state.seats["solo"].figure_cards.append("themistocles")
    state.figures["themistocles"] = FigureState(owner="solo", location="persia")
    ab.augur_reveal(state, "eclipse")
    assert ab.empire_bonus(state, "solo", "themistocles", "persia") == -2
    ab.augur_reveal(state, "great-king")
    assert ab.empire_bonus(state, "solo", "themistocles", "persia") == 1
    ab.augur_reveal(state, "storm")
    assert ab.move_blocked(state, "solo", "themistocles", "egypt")
    assert ab.move_blocked(state, "solo", "themistocles", "kritiko-pelagos")
    assert ab.move_blocked(state, "solo", "themistocles", "persia") == ""
    ab.augur_reveal(state, "smiths")
    assert ab.token_cost(state, "solo", "hoplites-1") == {"wheat": 0, "wood": 0, "copper": 3}
    ab.augur_reveal(state, "levy")
    assert ab.token_cost(state, "solo", "hoplites-1") == {"wheat": 0, "wood": 0, "copper": 2}
    assert ab.token_cost(state, "solo", "cavalry-2") == {"wheat": 2, "wood": 0, "copper": 0}


# --- token powers in the Great Battle ------------------------------------------------------------


def battle_state() -> EpireiaState:
    state = make_state("athens", "sparta")
    empty = {f: [["", ""], ["", ""], ["", ""]] for f in ("flank", "centre", "maritime")}
    state.battle = BattleState(step="resolve", sides={
        league: BattleSide(slots={f: [list(c) for c in cols] for f, cols in empty.items()})
        for league in ("delian", "peloponnesian")
    })
    return state


def test_phalanx_needs_two_hoplites_in_the_column() -> None:
    state = battle_state()
    assert state.battle is not None
    slots = state.battle.sides["delian"].slots
    slots["centre"][0] = ["hoplites-1", "cavalry-1"]
    assert ab.token_power(state, "delian", "hoplites-1", "centre", 0) == 1
    assert ab.token_power(state, "delian", "cavalry-1", "centre", 0) == 1
    slots["centre"][0] = ["hoplites-1", "hoplites-2"]
    assert ab.token_power(state, "delian", "hoplites-1", "centre", 0) == 2
    assert ab.token_power(state, "delian", "hoplites-2", "centre", 0) == 3
    assert ab.token_power(state, "delian", "hoplites-2", "centre", 1) == 2


def test_cavalry_charges_on_the_flank_only() -> None:
    state = battle_state()
    assert ab.token_power(state, "delian", "cavalry-2", "flank", 1) == 3
    assert ab.token_power(state, "delian", "cavalry-2", "centre", 1) == 2


def test_level_two_triremes_ram_only_enemy_ships() -> None:
    state = battle_state()
    assert state.battle is not None
    enemy = state.battle.sides["peloponnesian"].slots["maritime"]
    assert ab.token_power(state, "delian", "triremes-2", "maritime", 2) == 3
    enemy[2] = ["", "hoplites-1"]
    assert ab.token_power(state, "delian", "triremes-2", "maritime", 2) == 3
    enemy[2] = ["triremes-1", ""]
    assert ab.token_power(state, "delian", "triremes-2", "maritime", 2) == 4
    assert ab.token_power(state, "delian", "triremes-2", "maritime", 1) == 3
    assert ab.token_power(state, "delian", "triremes-1", "maritime", 2) == 2
    assert ab.token_power(state, "peloponnesian", "triremes-1", "maritime", 2) == 2


def test_values_outside_the_battle_are_the_printed_ones() -> None:
    state = make_state("athens", "sparta")
    for kind, token in CONTENT.tokens.items():
        assert ab.token_power(state, "delian", kind, "flank", 0) == token.value


# --- the contract with the rules modules ---------------------------------------------------------

HOOKS = {
    "figure_attack": ["state", "figure_id"],
    "figure_has_sea": ["state", "figure_id"],
    "empire_bonus": ["state", "role", "figure_id", "empire_id"],
    "integration_bonus": ["state", "role", "figure_id", "city_id"],
    "conflict_bonus": ["state", "league", "space_id"],
    "brigand_bonus": ["state", "league", "space_id"],
    "move_blocked": ["state", "role", "figure_id", "destination"],
    "building_cost": ["state", "role", "building_id"],
    "token_cost": ["state", "role", "kind"],
    "on_construct": ["state", "role", "building_id"],
    "on_donate": ["state", "role", "resource", "amount"],
    "on_prestige": ["state", "role", "old", "new"],
    "income": ["state", "role"],
    "administrator_options": ["state", "role"],
    "use_administrator": ["state", "role", "option_id"],
    "start_scenario": ["state", "card_id"],
    "objective_met": ["state", "role"],
    "grant_reward": ["state", "role"],
    "augur_reveal": ["state", "card_id"],
    "token_power": ["state", "league", "kind", "front", "column"],
    "solo_objectives_met": ["state"],
    "resolve_choice": ["state", "role", "frame", "choice_id"],
    "development_actions": ["state", "role"],
    "can_produce": ["state", "role", "kind"],
    "play_figure": ["state", "role", "figure_id"],
}


def test_every_hook_the_rules_call_exists_with_its_signature() -> None:
    for name, params in HOOKS.items():
        assert list(inspect.signature(getattr(ab, name)).parameters) == params, name


def test_hooks_never_change_the_content() -> None:
    before = CONTENT.model_dump()
    state = make_state("athens", "sparta")
    athens = put(state, "pericles", "persia")
    state.seats[athens].administrator = "merchant"
    state.seats[athens].buildings.append("archeion")
    with_card(state, "dolopian-pirates")
    for building in CONTENT.buildings:
        cost = ab.building_cost(state, athens, building)
        cost["wheat"] = 99
        ab.on_construct(state, athens, building)
    for kind in CONTENT.tokens:
        ab.token_cost(state, athens, kind)["copper"] = 99
    ab.use_administrator(state, athens, "wood-copper")
    for card in CONTENT.augur:
        ab.augur_reveal(state, card)
    ab.on_prestige(state, athens, 0, 15)
    assert CONTENT.model_dump() == before


def test_every_modifier_in_the_content_reads_in_words() -> None:
    modifiers = [m for f in CONTENT.figures.values() for m in f.modifiers]
    modifiers += [m for b in CONTENT.buildings.values() for m in b.modifiers]
    modifiers += [m for a in CONTENT.augur.values() for m in a.modifiers]
    modifiers += [m for s in CONTENT.scenarios.values() for m in s.constraints]
    modifiers += [m for a in CONTENT.administrators.values() for o in a.options
                  for m in o.modifiers]
    texts = {ab.modifier_text(m) for m in modifiers}
    assert "-2 to rolls with every Empire" in texts
    assert "+3 to rolls with Persia" in texts
    assert "buildings cost 1 more Wheat" in texts
    assert "Hoplites tokens cost 1 less" in texts
    assert "no neutral Greek City may be subjugated" in texts
    assert "no figure may go to Persia" in texts
    assert len(texts) >= 25


def test_active_effects_list_this_rounds_modifiers() -> None:
    state, athens = admin_state("priestess")
    assert ab.active_effects(state) == []
    ab.use_administrator(state, athens, "oracle")
    ab.add_turn_modifiers(state, "*", CONTENT.augur["storm"].modifiers)
    assert ab.active_effects(state) == [
        {"who": "*", "text": "no figure may go to a sea-only space"},
        {"who": athens, "text": "+2 to rolls with every Empire"},
        {"who": athens, "text": "+2 to rolls to integrate a Greek City"},
    ]


# --- wired into the game ----------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 4])
def test_content_takes_effect_in_random_complete_games(players: int) -> None:
    seen: set[str] = set()
    marks = {
        "admin": " uses the ",
        "prestige bonus": "Prestige 3:",
        "new figure": " joins ",
        "augur": "Augur: ",
        "scenario reward": "takes its reward",
    }
    for index in range(25):
        state, playout = play_random(GAME, f"content-{players}-{index}", players)
        assert playout.error is None, playout.error
        for line in state.log:
            seen.update(name for name, mark in marks.items() if mark in line.text)
    expected = {"admin", "prestige bonus", "new figure"}
    expected |= {"augur"} if players == 1 else {"scenario reward"}
    assert expected <= seen
