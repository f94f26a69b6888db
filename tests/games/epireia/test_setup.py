"""Set-up for 1-4 players: seats, drafts in the rules' order, secret starting figures."""

import json

import pytest

from engine.__main__ import main
from engine.core.errors import BadOptions
from engine.games.epireia import GAME
from engine.games.epireia.view import EpireiaPlayerView
from tests.games.epireia.helpers import choose, new_game, set_up


@pytest.mark.parametrize(("players", "roles"), [
    (1, ["solo"]),
    (2, ["delian-1", "peloponnesian-1"]),
    (3, ["delian-1", "peloponnesian-1", "delian-2"]),
    (4, ["delian-1", "peloponnesian-1", "delian-2", "peloponnesian-2"]),
])
def test_roles_and_leagues(players: int, roles: list[str]) -> None:
    infos = GAME.roles(players, GAME.Options())
    assert [r.id for r in infos] == roles
    for info in infos:
        assert info.team == ("solo" if players == 1 else info.id.split("-")[0])


def test_game_metadata() -> None:
    assert (GAME.id, GAME.min_players, GAME.max_players) == ("epireia", 1, 4)
    assert GAME.docs == "docs/games/epireia.md"
    assert GAME.Options().timeout_policy == "pass"


def test_starting_resources_prestige_trade_posts_and_treasuries() -> None:
    state = new_game(3)
    for seat in state.seats.values():
        assert seat.resources == {"wheat": 2, "wood": 2, "copper": 2}
        assert seat.prestige == 1 and seat.trade_posts == 3
    for league in state.leagues.values():
        assert league.treasury == {"wheat": 0, "wood": 0, "copper": 0}
    assert new_game(1).seats["solo"].prestige == 0


def drafted_order(players: int, frame: str) -> list[str]:
    state = new_game(players)
    order: list[str] = []
    while state.phase == "setup" and state.stack[-1].name != "choose_figure":
        role = next(iter(GAME.prompts(state)))
        if state.stack[-1].name == frame:
            order.append(role)
        choose(state, role, GAME.prompts(state)[role].choices[0].id)
    return order


def test_city_draft_order_follows_the_rules() -> None:
    assert drafted_order(2, "draft_city") == ["delian-1", "peloponnesian-1"]
    assert drafted_order(3, "draft_city") == ["delian-1", "peloponnesian-1", "delian-2"]
    assert drafted_order(4, "draft_city") == [
        "delian-1", "peloponnesian-1", "peloponnesian-2", "delian-2"]
    assert drafted_order(4, "draft_admin") == [
        "delian-1", "peloponnesian-1", "peloponnesian-2", "delian-2"]


def test_a_drafted_city_is_no_longer_offered_and_role_name_shows_it() -> None:
    state = new_game(2)
    choose(state, "delian-1", "city:athens")
    ids = [c.id for c in GAME.prompts(state)["peloponnesian-1"].choices]
    assert "city:athens" not in ids and len(ids) == 5
    assert GAME.role_name(state, "delian-1").startswith("Athens")
    assert GAME.role_name(state, "peloponnesian-1") == "Peloponnesian League"


def test_starting_figures_are_chosen_secretly_and_simultaneously() -> None:
    state = new_game(4)
    while not any(f.name == "choose_figure" for f in state.stack):
        role = next(iter(GAME.prompts(state)))
        choose(state, role, GAME.prompts(state)[role].choices[0].id)
    prompts = GAME.prompts(state)
    assert sorted(prompts) == sorted(state.roles)  # all prompted together
    reveals = state.reveals
    first = prompts["delian-1"].choices[1].id
    choose(state, "delian-1", first)
    figure = first.split(":")[1]
    spectator = GAME.view(state, None)
    assert figure not in spectator.model_dump_json()
    assert spectator.seats["delian-1"].has_chosen is True
    own = GAME.view(state, "delian-1")
    assert isinstance(own, EpireiaPlayerView) and own.private.figure_choice == figure
    assert figure not in GAME.view(state, "peloponnesian-1").model_dump_json()
    assert "delian-1" not in GAME.prompts(state)
    for role in ("peloponnesian-1", "delian-2", "peloponnesian-2"):
        choose(state, role, GAME.prompts(state)[role].choices[0].id)
    assert state.reveals > reveals
    assert state.figures[figure].owner == "delian-1"
    assert figure in GAME.view(state, None).model_dump_json()
    assert state.phase == "development"


def test_neutral_cities_keep_their_tokens_apart_from_the_supply() -> None:
    state = set_up(2)
    assert sorted(state.greek_cities) == ["corinth", "delphi", "elis", "larissa"]
    assert state.greek_city_tokens["corinth"] == "triremes-1"
    assert state.supply["triremes-1"] == 6 - 2  # Corinth and Elis
    assert not GAME.invariants(state)


def test_act_one_is_drawn_at_the_start() -> None:
    state = set_up(2)
    assert state.scenario.act == 1 and state.scenario.card
    assert GAME.view(state, None).scenario.name


def test_bad_solo_options_are_refused() -> None:
    with pytest.raises(BadOptions):
        new_game(1, options={"solo_scenario": "nope"})
    with pytest.raises(BadOptions):
        new_game(5)


def test_state_survives_json_and_timeouts_pick_safe_choices() -> None:
    state = set_up(4)
    again = GAME.load(state.model_dump_json())
    assert again.model_dump() == state.model_dump()
    assert GAME.timeout_choice(state, "delian-1") == "done"
    assert GAME.timeout_choice(state, "peloponnesian-1") is None  # not asked now


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_simulate_command_line(players: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "epireia", "--players", str(players), "--games", "2",
                 "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["errors"] == 0 and summary["games"] == 2
