"""The Six Continents board: drawn from real 2- and 3-player games, from the spectator view
only (a ship's secret destination changes nothing on it), what changed glowing, readable at a
phone's 400 px; the phone card, the status and the private texts."""

from __future__ import annotations

import pytest
from PIL import Image

from engine.core.rng import Rng
from engine.core.runner import act, start
from engine.games.freedom import GAME as FREEDOM
from engine.games.freedom.state import FreedomState
from engine.games.sixcontinents import GAME
from engine.games.sixcontinents.agents import deal
from engine.games.sixcontinents.ai import greedy
from engine.games.sixcontinents.state import Ship, SixState, Slave
from engine.games.sixcontinents.view import SixView, UnitCount
from render import focus
from render import sixcontinents_map as world
from render.common import png_bytes
from render.games import sixcontinents as module
from render.games.sixcontinents import RENDERER
from render.maps.palette import HIGHLIGHT
from tests.games.sixcontinents.helpers import choose, put
from tests.games.sixcontinents.test_fleet import afloat, navy
from tests.games.sixcontinents.test_voyages import ready
from tests.render.helpers import colours, ink, play, same
from tests.render.test_board_changes import inside_any

PHONE = 400


def _played(players: int, steps: int, seed: str = "render") -> SixState:
    """A game of automatic players after ``steps`` actions (or at its end)."""
    state = start(GAME, seed, players, {"rounds": 20})
    assert isinstance(state, SixState)
    chooser = Rng(seed=f"six-render:{seed}")
    tie_breaks = {r: Rng(seed=f"{seed}:{r}") for r in state.roles}
    for _ in range(steps):
        prompts = GAME.prompts(state)
        if state.result is not None or not prompts:
            break
        role = chooser.choice(sorted(prompts))
        act(GAME, state, role, greedy(GAME, state, role, prompts[role].choices,
                                      tie_breaks[role]))
    return state


def _view(state: SixState) -> SixView:
    view = GAME.view(state, None)
    assert isinstance(view, SixView)
    return view


def _voyage(destination: str) -> SixState:
    """Red's ship at sea from Iberia with 3 soldiers, bound for ``destination`` in Africa."""
    state = ready()
    choose(state, "voyage", "port:iberia", "units:infantry.2.3", "continent:africa",
           f"to:{destination}")
    return state


def _map_box(zone: str, margin: int = 8) -> tuple[int, int, int, int]:
    shapes = world.LAYOUT.zones[zone].outlines()
    xs = [p[0] for shape in shapes for p in shape]
    ys = [p[1] for shape in shapes for p in shape]
    return (int(min(xs)) - margin, int(min(ys)) + world.HEADER - margin,
            int(max(xs)) + margin, int(max(ys)) + world.HEADER + margin)


# --- the board ------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3])
def test_the_start_a_mid_game_and_an_end_board_render(players: int) -> None:
    for steps in (0, 250, 5000):
        state = _played(players, steps, f"render{players}")
        view = _view(state)
        image = RENDERER.board(view)
        assert image.width == world.WIDTH and image.mode == "RGB"
        assert image.height > world.HEADER + world.MAP_HEIGHT
        assert colours(image) > 40
        assert 40_000 < len(png_bytes(image)) < 400_000
        assert RENDERER.extra_images(view) == []
    assert state.result is not None  # the last one is a finished game
    assert "Game over" in RENDERER.status_text(view)


def test_everything_a_played_game_shows_has_its_symbol_in_the_legend() -> None:
    view = _view(_played(3, 400, "legend"))
    picture = module.draw_map(view, [])
    assert {"infantry", "capital"} <= set(picture.used)
    assert set(picture.used) <= set(world.LOOKS)
    names = world.legend_names(picture.used)
    assert "Capital (level)" in names and len(names) == len(picture.used)


def test_owners_tints_occupation_stripes_and_a_capital_with_its_level() -> None:
    state = ready()
    red = world.owner_colour("red")
    state.provinces["egypt"].owner = "red"
    state.provinces["libya"].owner = "blue"
    state.provinces["libya"].occupier = "red"
    image = RENDERER.board(_view(state))
    x0, y0, x1, y1 = world.inner_box("egypt")
    inner = (x0 + 4, y0 + world.HEADER + 4, x1 - 4, y1 + world.HEADER - 4)
    area = (inner[2] - inner[0]) * (inner[3] - inner[1])
    assert ink(image, inner, world.tint(red), 3) > 0.6 * area
    x0, y0, x1, y1 = world.inner_box("libya")
    striped = (x0, y0 + world.HEADER, x1, y1 + world.HEADER)
    assert ink(image, striped, red, 10) > 100
    assert ink(image, striped, world.tint(world.owner_colour("blue")), 3) > 100
    levels = {p.id: p.capital_of for p in _view(state).provinces if p.capital_of}
    assert levels == {"france": "red", "poland": "blue"}
    picture = module.draw_map(_view(state), [])
    assert {"capital", "occupied", "port", "infantry", "ship:troopship"} <= set(picture.used)


def test_a_players_view_draws_the_very_same_board_card_and_status() -> None:
    state = _voyage("egypt")
    spectator = _view(state)
    image = RENDERER.board(spectator)
    card = RENDERER.focus(image, spectator)
    assert card is not None
    for role in state.roles:
        mine = GAME.view(state, role)
        assert same(RENDERER.board(mine), image)
        mine_card = RENDERER.focus(RENDERER.board(mine), mine)
        assert mine_card is not None and same(mine_card, card)
        assert RENDERER.status_text(mine) == RENDERER.status_text(spectator)


def test_a_ships_secret_destination_is_never_drawn_nor_written() -> None:
    egypt, libya = _voyage("egypt"), _voyage("libya")
    public = _view(egypt)
    assert [(v.owner, v.port, v.soldiers) for v in public.voyages] == [("red", "iberia", 3)]
    assert same(RENDERER.board(public), RENDERER.board(_view(libya)))
    status = RENDERER.status_text(public)
    assert status == RENDERER.status_text(_view(libya))
    assert "3 soldiers at sea from Iberia (destination secret" in status
    for secret in ("Egypt", "Libya", "Africa"):
        assert secret not in status
    assert "bound for **Egypt**" in RENDERER.private_text(GAME.view(egypt, "red"))
    assert "Egypt" not in RENDERER.private_text(GAME.view(egypt, "blue"))
    # the ship is drawn at sea off its port of departure, with the soldiers aboard
    picture = module.draw_map(public, [])
    assert "ship:voyage" in picture.used
    assert module.sea_chips(public)[module.off_port("iberia")] == [
        world.Chip("voyage", 3, world.owner_colour("red"))]


def test_a_public_change_changes_the_picture_and_glows_only_where_it_happened() -> None:
    state = ready()
    before = _view(state)
    put(state, "red", "cavalry", "iberia", 2)
    after = _view(state)
    plain, lit = RENDERER.board(after), RENDERER.board(after, previous=before)
    assert not same(plain, RENDERER.board(before))
    assert module.changed_zones(after, before) == ["iberia"]
    legend_top = world.HEADER + world.MAP_HEIGHT  # "Changed" joins the legend below the map
    assert inside_any(lit, plain, [_map_box("iberia"),
                                   (0, legend_top, world.WIDTH, lit.height)])
    x0, y0, x1, y1 = _map_box("iberia", 3)
    assert ink(lit, (x0, y0, x1, y1), HIGHLIGHT, 10) > 100
    assert same(plain, RENDERER.board(after, previous=after))
    state.realms["blue"].currency += 7  # the players' panel
    assert not same(RENDERER.board(_view(state)), plain)


def test_rebels_and_savages_wear_their_own_colours() -> None:
    state = ready()
    state.provinces["egypt"].occupier = "rebels"
    view = _view(state)
    province = next(p for p in view.provinces if p.id == "egypt")
    province.units = [UnitCount(owner="rebels", kind="infantry", count=3),
                      UnitCount(owner="rebels", kind="cavalry", count=1),
                      UnitCount(owner="savages", kind="infantry", count=2)]
    assert module.unit_chips(view, province) == [world.Chip("rebels", 4, world.REBELS),
                                                 world.Chip("savages", 2, world.SAVAGES)]
    assert module.colour_of(view, "rebels") == world.REBELS
    assert {"rebels", "savages", "occupied"} <= set(module.draw_map(view, []).used)


# --- read on a phone ------------------------------------------------------------------------

def test_key_text_is_eleven_px_tall_at_400_px_wide() -> None:
    scale = PHONE / world.WIDTH
    assert world.KEY * scale >= 11 and world.COUNT * scale >= 11
    image = RENDERER.board(_view(_played(3, 250, "phone")))
    small = image.resize((PHONE, round(image.height * scale)), Image.Resampling.LANCZOS)
    # the heading (round, who acts): white letters on the dark band, capitals 8 px or more
    band = small.crop((0, 0, PHONE // 2, round(world.HEADER * scale))).convert("L")
    rows = [y for y in range(band.height)
            if any(band.getpixel((x, y)) > 200 for x in range(band.width))]  # type: ignore[operator]
    assert rows and rows[-1] - rows[0] + 1 >= 8
    # the players' panel: dark letters of each line 8 px tall or more
    top = round((world.HEADER + world.MAP_HEIGHT + 8) * scale)
    row = round(world.PLAYER_ROW * scale)
    line = small.crop((round(70 * scale), top + 2, PHONE // 2, top + 2 + row)).convert("L")
    dark = [y for y in range(line.height)
            if any(line.getpixel((x, y)) < 90 for x in range(line.width))]  # type: ignore[operator]
    assert dark and dark[-1] - dark[0] + 1 >= 8


def test_the_phone_card_enlarges_what_changed() -> None:
    state = ready()
    before = _view(state)
    put(state, "red", "cavalry", "iberia", 2)
    after = _view(state)
    board = RENDERER.board(after, before)
    card = RENDERER.focus(board, after, before)
    assert card is not None and card.width == focus.CARD_WIDTH
    assert focus.TEXT * focus.PHONE_WIDTH / focus.CARD_WIDTH >= 11
    # a province's name, 16 px on the board, is enlarged at least CARD_WIDTH / WINDOW
    assert world.NAME * focus.CARD_WIDTH / focus.WINDOW * focus.PHONE_WIDTH / \
        focus.CARD_WIDTH >= 11
    header = 16 + round(focus.TEXT * 1.35) * len(focus.plain_lines(
        RENDERER.status_text(after)))
    body = card.crop((0, header + 8, card.width, card.height))
    whole = board.crop(module.MAP_AREA)
    whole = whole.resize((focus.CARD_WIDTH, round(whole.height * focus.CARD_WIDTH /
                                                  whole.width)))

    def glow(image: Image.Image) -> int:
        return ink(image, (0, 0, image.width, image.height), HIGHLIGHT, tolerance=12)

    assert glow(body) > 1.2 * glow(whole) > 0
    first = RENDERER.focus(RENDERER.board(before), before)
    assert first is not None  # nothing changed: the whole map under the status
    assert first.height > round(world.MAP_HEIGHT * focus.CARD_WIDTH / world.WIDTH)


# --- texts ----------------------------------------------------------------------------------

def test_the_status_names_the_round_the_weather_and_every_realm() -> None:
    view = _view(_played(3, 250, "status"))
    text = RENDERER.status_text(view)
    assert f"Round {view.round} of 20" in text and view.weather.name in text
    for realm in view.realms:
        assert f"**{realm.name}**: {realm.currency} currency" in text
    assert len(text) < 2000
    # the phone card keeps each realm's line (one card line each: the longer ones go first)
    card = [line for line, _ in focus.plain_lines(text)]
    for realm in view.realms:
        assert any(line.startswith(f"{realm.name}: {realm.currency} currency")
                   for line in card), card
    setup = _view(_played(2, 0, "setup"))
    assert "Choosing capitals" in RENDERER.status_text(setup)


def test_the_private_text_is_the_colours_own_and_a_spectator_is_told_so() -> None:
    state = _played(2, 120, "private")
    assert RENDERER.private_text(_view(state)) == "You are watching this game."
    asked = sorted(GAME.prompts(state))
    for role in state.roles:
        text = RENDERER.private_text(GAME.view(state, role))
        realm = state.realms[role]
        assert f"— {realm.currency} currency" in text
        assert ("**Your turn:**" in text) == (role in asked)
        assert len(text) < 2000


def test_another_games_view_is_refused() -> None:
    state = play(FREEDOM, "x", 2, 0)
    assert isinstance(state, FreedomState)
    with pytest.raises(TypeError):
        RENDERER.board(FREEDOM.view(state, None))


def test_fleets_construction_ships_and_blockades_are_drawn_with_their_legend() -> None:
    """The fleet's public pieces (Sea battles): warships and transporters where they sail,
    a construction ship in its port, a blockaded port marked, each in the legend."""
    state = navy()
    afloat(state, "blue", "frigate", "east_atlantic", 2)  # off Red's port in Iberia
    afloat(state, "red", "transporter", "western_med")
    state.ships.append(Ship(id=900, kind="construction_ship", owner="red", port="iberia"))
    view = _view(state)
    assert next(p for p in view.provinces if p.id == "iberia").blockaded
    chips = {(sea, chip.kind, chip.count) for sea, found in module.sea_chips(view).items()
             for chip in found}
    assert {("east_atlantic", "frigate", 2), ("western_med", "transporter", 1),
            (module.off_port("iberia"), "construction_ship", 1)} <= chips
    picture = module.draw_map(view, [])
    assert {"ship:frigate", "ship:transporter", "ship:construction_ship",
            "blockaded"} <= set(picture.used)
    assert "Port blockaded by an enemy warship" in world.legend_names(picture.used)
    # a ship sailing is a change the next board glows at
    before = _view(navy())
    assert "east_atlantic" in module.changed_zones(view, before)
    RENDERER.board(view, before)


def test_slaves_are_drawn_in_their_owners_colour_and_named_in_the_legend() -> None:
    state = ready()
    state.slaves.append(Slave(id=901, owner="red", origin="blue", province="france"))
    state.slaves.append(Slave(id=902, owner="red", origin="blue", province="france"))
    view = _view(state)
    france = next(p for p in view.provinces if p.id == "france")
    chips = module.unit_chips(view, france)
    assert world.Chip("slave", 2, world.owner_colour("red")) in chips
    picture = module.draw_map(view, [])
    assert "slave" in picture.used
    assert "Slaves (their owner's colour)" in world.legend_names(picture.used)
    assert "france" in module.changed_zones(view, _view(ready()))


def _dealt(card: str) -> SixState:
    """Red (two spies) has dealt ``card`` to Blue and counterintelligence to himself."""
    state = start(GAME, "agents", 2, {"rounds": 20})
    assert isinstance(state, SixState)
    while state.phase == "setup":
        prompt = next(iter(GAME.prompts(state).values()))
        act(GAME, state, prompt.role, prompt.choices[0].id)
    state.realms["red"].spies = state.realms["red"].spies_hired = 2
    deal(state, "red", {"red": "counterintelligence", "blue": card})
    return state


def test_agents_cards_are_written_to_their_dealer_and_holder_only() -> None:
    sabotage, burning = _dealt("sabotage"), _dealt("burn_food")
    status = RENDERER.status_text(_view(sabotage))
    assert "**Red**:" in status and "· 2 spies" in status
    assert status == RENDERER.status_text(_view(burning))  # the picture and text alike
    assert same(RENDERER.board(_view(sabotage)), RENDERER.board(_view(burning)))
    red = RENDERER.private_text(GAME.view(sabotage, "red"))
    assert "Your agents' cards, face down until the reveal: Red Counterintelligence, " \
        "Blue Sabotage" in red
    blue = RENDERER.private_text(GAME.view(sabotage, "blue"))
    assert "Cards dealt to you: Sabotage from Red" in blue
    assert "Counterintelligence" not in blue and "Sabotage" not in status
