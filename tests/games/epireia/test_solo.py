"""Solo mode: scenario, Augur cards, enemy figures on the d12 table, the final Battle."""

from engine.games.epireia import GAME, abilities, catalog
from engine.games.epireia.board import CITIES
from engine.games.epireia.content import CONTENT
from engine.games.epireia.phases import end_round
from engine.games.epireia.solo import move_enemy_figures, place_enemy, prepare_solo_scenario
from engine.games.epireia.state import HOME
from engine.games.epireia.view import Token
from tests.games.epireia.helpers import choose, new_game, script, solo_game


def test_solo_set_up_scenario_city_enemy_and_augur() -> None:
    state = solo_game()
    seat = state.seats["solo"]
    assert seat.city == "athens" and seat.league == "delian"  # predetermined by the card
    assert seat.prestige == 0
    rounds = catalog.solo_scenario("first-peloponnesian-war").rounds
    assert state.solo.rounds == rounds and len(state.augur.deck) == rounds - 1
    assert state.augur.active  # revealed at the start of the first development phase
    assert state.figures["brasidas"].owner == "enemy"
    army = state.solo.enemy_army
    assert army["centre"][0][0] == "hoplites-2"
    assert not GAME.invariants(state)


def test_solo_city_choice_and_league_rules() -> None:
    state = new_game(1)
    choose(state, "solo", "scn:sacred-war")
    prompt = GAME.prompts(state)["solo"]
    if prompt.choices[0].id.startswith("city:"):
        choose(state, "solo", "city:athens")
        assert state.seats["solo"].league == CITIES["athens"].league == "delian"


def test_enemy_figures_follow_the_d12_table() -> None:
    state = solo_game()
    script(state, 1, 12)
    move_enemy_figures(state)
    assert state.figures["brasidas"].location == "epirus"
    assert state.figures["timoleon"].location == "syracuse"


def test_storm_at_sea_keeps_the_enemy_figures_off_the_sea_too() -> None:
    """Storm at Sea: "no figure may go to a sea-only Territory or Empire this round". The
    enemy figures are figures: a roll that sends one to sea leaves it in its city (they used
    to sail while the player could not)."""
    state = solo_game()
    state.effects.clear()  # whatever this round's Augur card was
    abilities.add_turn_modifiers(state, "*", CONTENT.augur["storm"].modifiers)
    script(state, 6, 4)  # Aigaio Pelagos (sea), Chalkidiki (land)
    move_enemy_figures(state)
    assert state.figures["brasidas"].location == HOME
    assert state.figures["timoleon"].location == "chalkidiki"
    assert "It stays in its city" in state.log[-2].text
    state.effects.clear()
    script(state, 12, 6)  # no storm: Syracuse and Aigaio Pelagos
    move_enemy_figures(state)
    assert state.figures["brasidas"].location == "syracuse"
    assert state.figures["timoleon"].location == "aigaio-pelagos"


def test_no_greek_city_may_be_approached_in_solo() -> None:
    state = solo_game()
    while state.phase == "development":
        choose(state, "solo", "done")
    choose(state, "solo", GAME.prompts(state)["solo"].choices[0].id)
    where = [c.id for c in GAME.prompts(state)["solo"].choices]
    assert not any(w.split(":")[1] in CITIES for w in where if w.startswith("to:"))


def test_an_augur_card_is_revealed_each_development_phase() -> None:
    state = solo_game()
    revealed = len(state.augur.revealed)
    while state.round == 1:
        prompt = GAME.prompts(state)["solo"]
        choose(state, "solo", "done" if "done" in [c.id for c in prompt.choices]
               else prompt.choices[0].id)
    assert len(state.augur.revealed) == revealed + 1


def test_solo_is_lost_without_the_objectives_at_the_round_limit() -> None:
    state = solo_game()
    state.round = state.solo.rounds
    end_round(state)
    assert state.result is not None and state.result.winners == []


def test_solo_victory_needs_a_majority_of_fronts() -> None:
    state = solo_game("ithome")
    seat = state.seats["solo"]
    seat.prestige = 6
    for _ in range(9):
        state.supply["hoplites-2"] -= 1
        state.leagues["peloponnesian"].reserve.append("hoplites-2")
    for kind in ["cavalry-2", "cavalry-2", "cavalry-2", "triremes-2", "triremes-2", "triremes-2"]:
        state.supply[kind] -= 1
        state.leagues["peloponnesian"].reserve.append(kind)
    state.round = state.solo.rounds
    state.stack.clear()
    end_round(state)
    assert state.phase == "battle"
    GAME.settle(state)
    while state.result is None:
        prompt = GAME.prompts(state)["solo"]
        options = [c.id for c in prompt.choices]
        choose(state, "solo", "auto" if "auto" in options else
               "commit" if "commit" in options else options[0])
        assert not GAME.invariants(state)
    battle = state.battle
    assert battle is not None
    fronts = list(battle.front_winners.values())
    won = fronts.count("peloponnesian") > fronts.count("delian")
    assert (state.result.winners == ["solo"]) == won
    assert won  # this army beats the Ithome enemy army on the flank and in the centre


def test_the_enemy_army_is_public_from_the_set_up_and_face_up_in_the_battle() -> None:
    """Solo VII: the enemy tokens 'are defined and placed at the beginning of the game on the
    Battlefield' — everyone sees them, before and during the Battle."""
    state = solo_game("ithome")
    army = catalog.solo_scenario("ithome").enemy_army
    for viewer in (None, "solo"):
        solo = GAME.view(state, viewer).solo
        assert solo is not None
        assert solo.enemy_army == {f: [list(col) for col in cols] for f, cols in army.items()}
    state.round = state.solo.rounds
    state.seats["solo"].prestige = 6
    for _ in range(4):
        state.supply["hoplites-1"] -= 1
        state.leagues["peloponnesian"].reserve.append("hoplites-1")
    state.stack.clear()
    end_round(state)
    GAME.settle(state)
    assert state.battle is not None and state.battle.step == "place"
    view = GAME.view(state, None)
    assert view.battle is not None and view.solo is not None
    enemy = view.battle.sides["delian"].slots
    assert enemy["flank"][0][0] == Token(kind="cavalry-2", power=None, face_up=True)
    assert view.solo.enemy_army["flank"][0] == ["cavalry-2", "hoplites-2"]
    # the player's own tokens stay face down to spectators
    choose(state, "solo", "tok:hoplites-1")
    choose(state, "solo", "slot:centre:0:0")
    battle = GAME.view(state, None).battle
    assert battle is not None
    assert battle.sides["peloponnesian"].slots["centre"][0][0] == "hidden"
    assert not GAME.invariants(state)


def test_a_city_chosen_as_an_option_is_never_the_enemy_of_the_scenario_chosen_at_the_table(
) -> None:
    """solo_city=larissa, scenario at the table: Hegemony (enemies Elis and Larissa) is not
    offered, so Pheidon can never be both the player's card and an enemy figure."""
    state = new_game(1, options={"solo_city": "larissa"})
    offered = [c.id for c in GAME.prompts(state)["solo"].choices]
    assert "scn:hegemony" not in offered
    assert "scn:first-peloponnesian-war" in offered  # names its own City: Athens
    for scenario in offered:
        assert catalog.solo_scenario(scenario[4:]).city or \
            "larissa" not in catalog.solo_scenario(scenario[4:]).enemy_cities
    state = new_game(1, options={"solo_city": "athens"})
    assert "scn:hegemony" in [c.id for c in GAME.prompts(state)["solo"].choices]


def test_the_invariant_sees_a_figure_with_two_owners() -> None:
    """What the old table choice allowed: the player leads Larissa in Hegemony and picks
    Pheidon, whom the scenario gives the enemy."""
    state = new_game(1, options={"solo_city": "larissa"})

    prepare_solo_scenario(state, "hegemony")
    place_enemy(state)
    state.seats["solo"].figure_cards.append("pheidon")
    problems = GAME.invariants(state)
    assert any("pheidon belongs to solo and enemy" in p for p in problems)
    assert any("enemy City" in p for p in problems)
