"""Epireia pictures and texts, drawn from real views of seeded random games (no goldens)."""

from __future__ import annotations

from math import dist
from typing import Any

import pytest

from engine.core.runner import act, start
from engine.games.epireia import GAME as EPIREIA
from engine.games.epireia import catalog
from engine.games.epireia.battle import start_battle
from engine.games.epireia.board import CITIES, EMPIRES, TERRITORIES
from engine.games.epireia.scenarios import reveal_next_act
from engine.games.epireia.state import EpireiaState
from render import common
from render.common import BLACK, WHITE, fits, ink_on, png_bytes, text_size
from render.games.epireia import RENDERER, panel
from render.games.epireia import map as board_map
from render.games.epireia import texts as epireia_texts
from render.games.epireia.battle import CURRENT_FRAME, battle_image, current_column
from render.games.epireia.map import MAP_H, MAP_W, at_place, empire_centre
from render.games.epireia.panel import READABLE, extras_lines, league_lines
from render.games.epireia.reading import CITY_COLOURS
from tests.render.helpers import DEUTERANOPIA, PROTANOPIA, colours, ink, lab_as_seen, play, same

GAME = EPIREIA


def _state(players: int, steps: int, seed: str = "r1") -> EpireiaState:
    state = play(GAME, seed, players, steps)
    assert isinstance(state, EpireiaState)
    return state


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("steps", [0, 25, 90])
def test_board_is_a_full_picture(players: int, steps: int) -> None:
    state = _state(players, steps, seed=f"b{players}-{steps}")
    image = RENDERER.board(GAME.view(state, None))
    assert image.size == (1600, 1100)
    assert image.mode == "RGB"
    assert colours(image) > 40
    assert png_bytes(image)[:4] == b"\x89PNG"


def test_a_public_fact_changes_the_board() -> None:
    state = _state(2, 60)
    before = RENDERER.board(GAME.view(state, None))
    role = state.roles[0]
    state.seats[role].prestige += 3
    assert not same(before, RENDERER.board(GAME.view(state, None)))
    again = RENDERER.board(GAME.view(state, None))
    state.leagues["delian"].treasury["copper"] += 4
    assert not same(again, RENDERER.board(GAME.view(state, None)))
    moved = RENDERER.board(GAME.view(state, None))
    state.territories["ionia"] = "brigands" if state.territories.get("ionia") != "brigands" else ""
    assert not same(moved, RENDERER.board(GAME.view(state, None)))


def _some_secret_chosen(state: EpireiaState) -> bool:
    return state.phase == "setup" and any(seat.figure_choice and not seat.figure_cards
                                          for seat in state.seats.values())


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_secret_starting_figure_never_reaches_the_board(players: int) -> None:
    state = play(GAME, f"secret{players}", players, 200, until=_some_secret_chosen)
    assert isinstance(state, EpireiaState)
    assert _some_secret_chosen(state)
    spectator = GAME.view(state, None)
    board, status = RENDERER.board(spectator), RENDERER.status_text(spectator)
    role = next(r for r, s in state.seats.items() if s.figure_choice and not s.figure_cards)
    seat = state.seats[role]
    others = [f for f in catalog.figures_of(seat.city) if f != seat.figure_choice]
    seat.figure_choice = others[0]
    changed = GAME.view(state, None)
    assert same(board, RENDERER.board(changed))
    assert status == RENDERER.status_text(changed)
    # the owner's private text does show it
    mine = RENDERER.private_text(GAME.view(state, role))
    assert catalog.figure_name(others[0]) in mine


@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_board_reads_nothing_that_only_a_private_view_has(players: int) -> None:
    for steps in (5, 40, 120):
        state = _state(players, steps, seed=f"p{players}-{steps}")
        board = RENDERER.board(GAME.view(state, None))
        for role in state.roles:
            # A player's own secret question is in its private part, never on a board.
            assert same(board, RENDERER.board(GAME.view(state, role))), (role, steps)


def _battle_placing(state: EpireiaState) -> bool:
    return state.battle is not None and state.battle.step in ("figures", "resolve")


def test_battle_image_hides_face_down_tokens_and_shows_revealed_ones() -> None:
    state = None
    for seed in range(30):
        candidate = play(GAME, f"battle{seed}", 2, 4000, until=_battle_placing)
        assert isinstance(candidate, EpireiaState)
        if _battle_placing(candidate):
            state = candidate
            break
    assert state is not None and state.battle is not None
    assert RENDERER.extra_images(GAME.view(_state(2, 10), None)) == []
    battle = state.battle
    # put a token face down in the last column of the maritime front (not yet revealed)
    battle.revealed = {"flank": 0, "centre": 0, "maritime": 0}
    side = battle.sides["delian"]
    side.slots.setdefault("maritime", [["", ""], ["", ""], ["", ""]])
    side.slots["maritime"][2][0] = "triremes-1"
    [(name, first)] = RENDERER.extra_images(GAME.view(state, None))
    assert name == "great-battle" and first.size == (1600, 1000)
    side.slots["maritime"][2][0] = "triremes-2"
    [(_, second)] = RENDERER.extra_images(GAME.view(state, None))
    assert same(first, second), "a face-down token's kind reached the battle image"
    battle.revealed["maritime"] = 3
    [(_, shown)] = RENDERER.extra_images(GAME.view(state, None))
    assert not same(second, shown), "revealing a column changes the battle image"


def test_status_text_is_short_markdown_with_round_and_phase() -> None:
    state = _state(3, 70)
    view = GAME.view(state, None)
    text = RENDERER.status_text(view)
    assert text.startswith("**Epireia**")
    assert f"round {state.round}" in text
    assert len(text) < 1500
    assert RENDERER.private_text(view) == "You are watching this game."


def test_status_text_counts_a_league_s_reserve_in_good_english() -> None:
    view = GAME.view(_state(2, 0), None)
    view.leagues["delian"].reserve = ["hoplite-1"]
    view.leagues["peloponnesian"].reserve = []
    text = RENDERER.status_text(view)
    assert "1 token in reserve" in text and "0 tokens in reserve" in text


def test_private_text_shows_the_players_resources_and_figures() -> None:
    state = _state(2, 60)
    role = state.roles[1]
    seat = state.seats[role]
    text = RENDERER.private_text(GAME.view(state, role))
    assert f"{seat.resources['wheat']} Wheat" in text
    for figure in seat.figure_cards:
        assert catalog.figure_name(figure) in text


def test_no_two_places_overlap_on_the_map() -> None:
    boxes: dict[str, tuple[float, float, float, float]] = {}
    for tid, t in TERRITORIES.items():
        x, y = at_place(tid, t.x, t.y)
        boxes[tid] = (x - 82, y - 28, x + 82, y + 28)
    for eid in EMPIRES:
        x, y = empire_centre(eid)
        boxes[eid] = (x - 88, y - 36, x + 88, y + 36)
    for cid, city in CITIES.items():
        x, y = at_place(cid, city.x, city.y)
        boxes[cid] = (x - 70, y - 28, x + 70, y + 34)
    for key, (x0, y0, x1, y1) in boxes.items():
        assert x0 >= 0 and x1 <= MAP_W and y0 >= 0 and y1 <= MAP_H, key
    keys = sorted(boxes)
    for i, a in enumerate(keys):
        for b in keys[i + 1:]:
            ax0, ay0, ax1, ay1 = boxes[a]
            bx0, by0, bx1, by1 = boxes[b]
            assert not (min(ax1, bx1) > max(ax0, bx0) and min(ay1, by1) > max(ay0, by0)), (a, b)


def _solo_after_set_up(scenario: str = "ithome") -> EpireiaState:
    state = start(GAME, "solo-army", 1, {"solo_scenario": scenario})
    assert isinstance(state, EpireiaState)
    while state.phase == "setup":
        prompt = GAME.prompts(state)["solo"]
        act(GAME, state, "solo", prompt.choices[0].id)
    return state


def test_the_solo_enemy_army_is_drawn_on_the_board_and_in_the_battle() -> None:
    state = _solo_after_set_up()
    board = RENDERER.board(GAME.view(state, None))
    state.solo.enemy_army["maritime"][0][0] = "triremes-1"
    assert not same(board, RENDERER.board(GAME.view(state, None))), "the army panel"

    start_battle(state)
    assert state.battle is not None and state.battle.step == "place"
    [(_, first)] = RENDERER.extra_images(GAME.view(state, None))
    state.battle.sides["delian"].slots["flank"][2][0] = "cavalry-1"
    [(_, second)] = RENDERER.extra_images(GAME.view(state, None))
    assert not same(first, second), "the enemy army is face up from the start of the battle"


def test_solo_enemy_figures_at_home_are_drawn_and_no_city_asks_for_integration(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = _solo_after_set_up("hegemony")  # enemies: Elis (Eupolemos), Larissa (Pheidon)
    assert state.figures["pheidon"].location == "home"
    view = GAME.view(state, None)
    board = RENDERER.board(view)
    gone = GAME.view(state, None)
    del gone.figures["pheidon"]
    assert not same(board, RENDERER.board(gone)), "Pheidon at home in Larissa is drawn"
    # a City nobody plays is neutral, without the integration number (impossible in solo)
    drawn: list[str] = []
    original = common.label

    def spy(draw: Any, xy: tuple[float, float], text: str, *args: Any, **kwargs: Any) -> None:
        drawn.append(text)
        original(draw, xy, text, *args, **kwargs)

    monkeypatch.setattr(common, "label", spy)
    RENDERER.board(view)
    assert "neutral" in drawn
    assert not any(t.startswith("neutral ·") for t in drawn)


def test_a_revealed_card_s_whole_story_is_read_in_the_turn_post_that_reveals_it() -> None:
    state = _state(2, 0)
    while state.phase == "setup":
        prompts = GAME.prompts(state)
        role = sorted(prompts)[0]
        act(GAME, state, role, prompts[role].choices[0].id)
    state.scenario.act = 0
    while True:  # draw Act I until the Olympic Games come up (the draw is seeded)
        reveal_next_act(state)
        if state.scenario.card == "olympic-games":
            break
        state.scenario.act = 0
    text = RENDERER.status_text(GAME.view(state, None))
    assert "> “Muse, tell me who were the first" in text
    assert "> Are you ready to face the other cities?" in text
    assert "**Reward:** a Cavalry II token" in text
    assert len(text) < 4096  # a Discord embed description
    state.turn += 1  # the next post only names the card
    later = RENDERER.status_text(GAME.view(state, None))
    assert "Muse" not in later and "The Olympic Games" in later


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_side_panel_and_city_boards_are_readable_on_a_phone(
    players: int, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The board is read at about a quarter of its width: the scenario's facts and the city
    boards are drawn at 18 px or more (abilities give way first), the story at 17 or more."""

    sizes: list[int] = []
    original = panel._text_at

    def spy(draw: Any, box: Any, text: str, size: int, *args: Any, **kwargs: Any) -> int:
        sizes.append(size)
        return original(draw, box, text, size, *args, **kwargs)

    monkeypatch.setattr(panel, "_text_at", spy)
    for steps in (40, 160, 400):
        state = _state(players, steps, seed=f"read{players}-{steps}")
        RENDERER.board(GAME.view(state, None))
    assert sizes and min(sizes) >= 17, sizes


def _battle_resolving(state: EpireiaState) -> bool:
    return state.battle is not None and state.battle.step == "resolve"


def test_the_column_being_fought_is_framed_in_the_battle_image() -> None:
    state = None
    for seed in range(30):
        candidate = play(GAME, f"fight{seed}", 2, 4000, until=_battle_resolving)
        assert isinstance(candidate, EpireiaState)
        if _battle_resolving(candidate):
            state = candidate
            break
    assert state is not None and state.battle is not None
    view = GAME.view(state, None)
    assert view.battle is not None
    front, column = state.battle.front, state.battle.column
    assert current_column(view.battle, front) == column
    assert all(current_column(view.battle, f) is None for f in range(3) if f != front)
    image = battle_image(view, view.battle)
    top = 70 + front * 300
    for col in range(3):
        x = 220 + col * 370
        left_edge = (x - 8, top + 60, x - 2, top + 270)  # between the columns' slots
        framed = ink(image, left_edge, CURRENT_FRAME, 20)
        assert (framed > 300) == (col == column), (col, framed)
    state.battle.step = "done"
    done = GAME.view(state, None).battle
    assert done is not None and current_column(done, front) is None


def test_a_long_league_reserve_uses_short_names_instead_of_a_smaller_font() -> None:
    box = (0, 0, 554, 62)  # a league panel's text box
    # seen in a 4-player greedy game: drawn in full it wrapped to three lines at 17 px
    reserve = ["hoplites-1"] * 4 + ["hoplites-2"] + ["triremes-1"] * 3 + ["triremes-2"] * 2
    full = ("Reserve: Hoplites I ×4, Hoplites II ×1, Triremes I ×3, Triremes II ×2\n"
            "Allied cities: Elis")
    assert not fits(full, 554, 62, READABLE + 1)
    text = league_lines(reserve, ["Elis"], box)
    assert "Hop I ×4" in text and "Tri II ×2" in text and "Allied cities: Elis" in text
    assert fits(text, 554, 62, READABLE + 1)
    short = league_lines(["hoplites-1"], [], box)
    assert "Hoplites I ×1" in short and "Allied cities: none" in short


def test_the_active_augur_card_says_what_it_does_this_round() -> None:
    state = _state(1, 40, seed="augur")
    view = GAME.view(state, None)
    card = next(a for a in catalog.augur_ids() if catalog.augur_name(a) == "Storm at Sea")
    view.augur = view.augur.model_copy(update={
        "active": card, "active_name": "Storm at Sea", "active_text": catalog.augur_text(card)})
    line = next(x for x in extras_lines(view) if x.startswith("Augur: Storm at Sea"))
    assert "no figure may go to a sea-only Territory or Empire this round" in line
    assert "Poseidon" not in line  # the story stays in the card; the board says the rule
    assert not same(RENDERER.board(GAME.view(state, None)), RENDERER.board(view))


@pytest.mark.parametrize("vision", [None, DEUTERANOPIA, PROTANOPIA],
                         ids=["normal", "deuteranopia", "protanopia"])
def test_every_two_cities_look_different_to_colour_blind_players_too(vision: Any) -> None:
    # Figure discs on the map carry only initials and their City's colour.

    seen = {city: lab_as_seen(rgb, vision) for city, rgb in CITY_COLOURS.items()}
    closest = min((dist(seen[a], seen[b]), a, b) for a in seen for b in seen if a < b)
    assert closest[0] >= 15, closest


def test_text_on_a_city_colour_is_black_or_white_whichever_reads() -> None:
    assert ink_on(CITY_COLOURS["athens"]) == WHITE
    assert ink_on(CITY_COLOURS["corinth"]) == BLACK
    assert ink_on((255, 255, 255)) == BLACK and ink_on((0, 0, 0)) == WHITE


def test_the_map_legend_explains_figures_owners_and_the_sea_on_free_land() -> None:
    """Every map symbol has a line in the legend, which covers no place, its figures or its
    owner's badge."""
    places = [*TERRITORIES, *EMPIRES, *CITIES]
    x0, y0, x1, y1 = board_map.MAP_LEGEND_BOX
    for box in board_map.focus_boxes(places):
        assert box[2] < x0 or box[0] > x1 or box[3] < y0 or box[1] > y1, box
    for tid, territory in TERRITORIES.items():  # the owner's badge on the top right corner
        cx, cy = board_map.at_place(tid, territory.x, territory.y)
        bx, by = cx + 82 + board_map.MAP_BOX[0], cy - 28 + board_map.MAP_BOX[1]
        assert bx + 50 < x0 or bx - 50 > x1 or by + 14 < y0 or by - 14 > y1, tid
    image = RENDERER.board(GAME.view(_state(2, 0), None))
    assert colours(image.crop(board_map.MAP_LEGEND_BOX)) > 8  # drawn, not blank


def test_the_map_legend_lines_fit_its_box() -> None:
    width = board_map.MAP_LEGEND_BOX[2] - board_map.MAP_LEGEND_BOX[0]
    for line in ("a figure: its name's first letters,", "⚓ by sea (a storm closes it)"):
        assert 40 + text_size(line, board_map.MAP_LEGEND_SIZE)[0] < width


def test_the_status_shows_how_near_each_objective_is() -> None:
    """Issue 13: a solo game was lost without ever seeing "1 of 2 maritime Territories"."""
    solo = _state(1, 30, seed="prog")
    view = GAME.view(solo, None)
    lines = epireia_texts.progress_lines(view)
    assert len(lines) == len(view.scenario.progress) >= 1
    for line, p in zip(lines, view.scenario.progress, strict=True):
        assert line.startswith("✓" if p.done else "·")
        assert f"({min(p.count, p.amount)} of {p.amount})" in line
    assert view.solo is not None
    solo.round = view.solo.rounds
    assert "**Last round:**" in RENDERER.status_text(GAME.view(solo, None))
    duel = _state(2, 60, seed="prog")
    text = RENDERER.status_text(GAME.view(duel, None))
    assert "Objective so far: Delian League " in text and "Peloponnesian League" in text


def test_the_board_shows_how_near_each_objective_is() -> None:
    """Issue 13: objective progress on the board as well as in the turn post."""
    solo = _state(1, 30, seed="prog")
    view = GAME.view(solo, None)
    facts = panel.scenario_facts(view)
    lines, _ = epireia_texts.objective_progress(view)
    assert lines and all(line in facts.split("\n") for line in lines)
    assert view.solo is not None
    solo.round = view.solo.rounds
    assert "Last round: every objective" in panel.scenario_facts(GAME.view(solo, None))
    duel = GAME.view(_state(2, 60, seed="prog"), None)
    assert "Objective so far: Delian League " in panel.scenario_facts(duel)
    RENDERER.board(duel)  # the longer card still fits its panel (draw_text_box shrinks it)
