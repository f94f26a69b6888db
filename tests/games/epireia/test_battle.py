"""The Great Battle: gathering, secret placement, figures face down, columns, fronts, ties."""


from engine.games.epireia import GAME
from engine.games.epireia.battle import battle_winner, finish_battle, start_battle
from engine.games.epireia.state import FRONTS, EpireiaState
from engine.games.epireia.view import EpireiaPlayerView
from tests.games.epireia.helpers import choose, clear_figures, place, set_up


def battle_state(delian: list[str], peloponnesian: list[str]) -> EpireiaState:
    state = set_up(2)
    clear_figures(state)
    place(state, "pericles", "delian-1", "home")
    place(state, "brasidas", "peloponnesian-1", "home")
    for league, kinds in (("delian", delian), ("peloponnesian", peloponnesian)):
        for kind in kinds:
            state.supply[kind] -= 1
            state.leagues[league].reserve.append(kind)
    start_battle(state)

    state.stack.clear()
    GAME.settle(state)
    return state


def test_gathering_includes_allied_city_tokens_and_placement_is_simultaneous() -> None:
    state = set_up(2)
    state.greek_cities["corinth"] = "delian"
    state.leagues["delian"].allied.append("corinth")
    state.supply["hoplites-1"] -= 1
    state.leagues["delian"].reserve.append("hoplites-1")
    state.supply["cavalry-1"] -= 1
    state.leagues["peloponnesian"].reserve.append("cavalry-1")
    start_battle(state)

    GAME.settle(state)
    assert state.battle is not None
    assert sorted(state.battle.sides["delian"].pool) == ["hoplites-1", "triremes-1"]
    assert sorted(GAME.prompts(state)) == ["delian-1", "peloponnesian-1"]
    assert not GAME.invariants(state)


def test_placed_tokens_and_figures_stay_secret_until_revealed() -> None:
    state = battle_state(["hoplites-2"], ["hoplites-1"])
    choose(state, "delian-1", "tok:hoplites-2")
    choose(state, "delian-1", "slot:centre:0:0")
    spectator = GAME.view(state, None)
    assert spectator.battle is not None
    assert spectator.battle.sides["delian"].slots["centre"][0][0] == "hidden"
    own = GAME.view(state, "delian-1")
    assert isinstance(own, EpireiaPlayerView) and own.private.army is not None
    assert own.private.army.slots["centre"][0][0] == "hoplites-2"
    assert own.battle == spectator.battle  # the public part is the spectator's
    choose(state, "peloponnesian-1", "auto")
    assert state.battle is not None and state.battle.step == "figures"
    assert sorted(GAME.prompts(state)) == ["delian-1", "peloponnesian-1"]
    choose(state, "delian-1", "fig:pericles")
    battle = GAME.view(state, None).battle
    assert battle is not None and "pericles" not in battle.model_dump_json()
    assert not GAME.invariants(state)
    reveals = state.reveals
    choose(state, "peloponnesian-1", "none")
    choose(state, "peloponnesian-1", "fig:brasidas")
    assert state.reveals > reveals
    assert state.battle.sides["delian"].figures == {"flank": "pericles"}
    assert state.battle.sides["peloponnesian"].figures == {"centre": "brasidas"}


def play_out(state: EpireiaState, commit: dict[str, bool]) -> None:
    while state.result is None:
        prompts = GAME.prompts(state)
        role = sorted(prompts)[0]
        options = [c.id for c in prompts[role].choices]
        if "commit" in options:
            choose(state, role, "commit" if commit.get(role) else "pass")
        elif "auto" in options:
            choose(state, role, "auto")
        elif "none" in options:
            choose(state, role, options[0])
        else:
            choose(state, role, options[0])


def test_columns_fronts_and_majority_decide_the_battle() -> None:
    # Delians: strong centre (3 columns of hoplites); Peloponnesians: strong flank.
    state = battle_state(["hoplites-2"] * 6, ["cavalry-2"] * 3)
    state.seats["delian-1"].prestige = 4
    play_out(state, {})
    battle = state.battle
    assert battle is not None and state.result is not None
    assert battle.front_winners["centre"] == "delian"
    assert battle.front_winners["flank"] == "peloponnesian"
    assert battle.front_winners["maritime"] == ""
    # one front each, no maritime winner: the player with the most Prestige, then Copper
    assert state.result.reason.startswith("fronts tied")
    assert state.result.winners == ["delian-1"]


def test_a_committed_figure_adds_its_power_to_its_column_and_the_opponent_may_answer() -> None:
    state = battle_state(["cavalry-1"], ["cavalry-1"])
    play_out(state, {"delian-1": True, "peloponnesian-1": True})
    battle = state.battle
    assert battle is not None
    # both figures went to the flank (first front) and were engaged in its first column
    assert battle.sides["delian"].committed.get("flank") == 0
    assert battle.sides["peloponnesian"].committed.get("flank") == 0
    texts = [e.text for e in state.log]
    assert any("engages" in t and "Delian" in t for t in texts)
    assert any("engages" in t and "Peloponnesian" in t for t in texts)


def test_tie_breaks_maritime_then_prestige_then_copper() -> None:
    state = battle_state([], [])
    battle = state.battle
    assert battle is not None
    battle.front_winners = {"flank": "delian", "centre": "peloponnesian", "maritime": ""}
    state.seats["delian-1"].prestige = 3
    state.seats["peloponnesian-1"].prestige = 5
    assert battle_winner(state, {"delian": 1, "peloponnesian": 1})[0] == "peloponnesian"
    state.seats["delian-1"].prestige = 5
    state.seats["delian-1"].resources["copper"] = 7
    assert battle_winner(state, {"delian": 1, "peloponnesian": 1})[0] == "delian"
    battle.front_winners["maritime"] = "peloponnesian"
    assert battle_winner(state, {"delian": 1, "peloponnesian": 1})[0] == "peloponnesian"
    assert battle_winner(state, {"delian": 2, "peloponnesian": 1})[0] == "delian"
    assert battle_winner(state, {"delian": 1, "peloponnesian": 0})[1].endswith("wins 1 front to 0")
    assert len(FRONTS) == 3


def test_the_ending_names_how_the_battle_was_decided() -> None:
    """simulate counts endings: what ended the game (Act III or the round limit) and the
    victory road (fronts, the maritime front, Prestige or Copper per City, a draw)."""
    cases = [
        ({"flank": "delian", "centre": "delian", "maritime": ""}, 1, 1, 2, 2, "fronts"),
        ({"flank": "delian", "centre": "", "maritime": "peloponnesian"}, 1, 1, 2, 2,
         "maritime"),
        ({"flank": "delian", "centre": "peloponnesian", "maritime": ""}, 4, 1, 2, 2,
         "prestige"),
        ({"flank": "delian", "centre": "peloponnesian", "maritime": ""}, 1, 1, 2, 5, "copper"),
        ({"flank": "", "centre": "", "maritime": ""}, 1, 1, 2, 2, "draw"),
    ]
    for fronts, d_prestige, p_prestige, d_copper, p_copper, road in cases:
        for act3 in (True, False):
            state = battle_state([], [])
            assert state.battle is not None
            state.battle.front_winners = dict(fronts)
            state.seats["delian-1"].prestige = d_prestige
            state.seats["peloponnesian-1"].prestige = p_prestige
            state.seats["delian-1"].resources["copper"] = d_copper
            state.seats["peloponnesian-1"].resources["copper"] = p_copper
            state.end_after_round = act3
            finish_battle(state)
            trigger = "act3" if act3 else "round_limit"
            assert GAME.ending(state) == f"{trigger}:{road}", (fronts, state.result)


def figure_choices(state: EpireiaState, role: str) -> list[str]:
    return [c.id for c in GAME.prompts(state)[role].choices]


def test_a_league_must_put_a_figure_on_every_front_it_can() -> None:
    """'Each league must place 3 Influential Figures ... 1 ... on each front': with three
    figures there is no empty front; with two, the league chooses which front stays empty."""
    state = set_up(4)
    clear_figures(state)
    for figure, role in (("pericles", "delian-1"), ("cimon", "delian-1"),
                         ("timoleon", "delian-2"), ("leonidas", "peloponnesian-1"),
                         ("heliodorus", "peloponnesian-2")):
        place(state, figure, role, "home")
    for league in ("delian", "peloponnesian"):
        state.supply["hoplites-1"] -= 1
        state.leagues[league].reserve.append("hoplites-1")
    start_battle(state)

    GAME.settle(state)
    choose(state, "delian-1", "auto")
    choose(state, "peloponnesian-1", "auto")
    assert state.battle is not None and state.battle.step == "figures"
    for _ in range(3):  # the Delian League has three figures: never "none"
        ids = figure_choices(state, "delian-1")
        assert "none" not in ids
        choose(state, "delian-1", ids[0])
    assert state.battle.sides["delian"].figures_placed
    assert len(state.battle.sides["delian"].figures) == 3
    # two figures for three fronts: the flank may stay empty, then both must be placed
    assert "none" in figure_choices(state, "peloponnesian-1")
    choose(state, "peloponnesian-1", "none")
    assert "none" not in figure_choices(state, "peloponnesian-1")
    choose(state, "peloponnesian-1", "fig:leonidas")
    assert figure_choices(state, "peloponnesian-1") == ["fig:heliodorus"]
    choose(state, "peloponnesian-1", "fig:heliodorus")
    assert state.battle.sides["peloponnesian"].figures == {"centre": "leonidas",
                                                           "maritime": "heliodorus"}
    assert not GAME.invariants(state)
