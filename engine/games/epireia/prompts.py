"""Prompts as named states: each state lists its legal choices and has one handler.

``PROMPTS[frame.name] = (ask, handle)``. ``ask(state, frame)`` returns the question and
its choices (never empty); ``handle(state, frame, choice_id)`` performs the choice, and
removes the frame when that prompt is finished. Choice ids are short and stable:
``city:athens``, ``adm:archon``, ``fig:pericles``, ``don:wheat``, ``build:temple``,
``make:hoplites-1``, ``amt:3``, ``use:<option>``, ``mv:<figure>``, ``to:<space>``, ``tok:<kind>``,
``slot:<front>:<column>:<row>``, ``commit``, ``pass``, ``done``, ``back``, ``auto``, ``none``.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.errors import IllegalChoice
from engine.core.game import Choice
from engine.games.epireia import abilities, catalog
from engine.games.epireia.battle import (
    FRONTS,
    auto_place,
    league_figures,
    place_token,
    placeable,
    placeable_kinds,
)
from engine.games.epireia.board import (
    CITIES,
    CITY_IDS,
    EMPIRES,
    TERRITORIES,
    space_name,
    token_label,
)
from engine.games.epireia.development import (
    buildable,
    construct,
    cost_text,
    donate,
    donations,
    produce,
    producible,
    use_administrator,
)
from engine.games.epireia.diplomacy import can_move, destinations, move_figure
from engine.games.epireia.solo import place_enemy, prepare_solo_scenario
from engine.games.epireia.state import HOME, RESOURCES, EpireiaState, Frame

Ask = Callable[[EpireiaState, Frame], tuple[str, list[Choice]]]
Handle = Callable[[EpireiaState, Frame, str], None]


def finish(state: EpireiaState, frame: Frame) -> None:
    """Remove ``frame`` from the stack (it need not be on top)."""
    for index in range(len(state.stack) - 1, -1, -1):
        if state.stack[index] is frame:
            del state.stack[index]
            return


def city_name(state: EpireiaState, role: str) -> str:
    city = state.seats[role].city
    return CITIES[city].name if city else role


# Set-up -------------------------------------------------------------------------------------


def taken_cities(state: EpireiaState) -> set[str]:
    return {s.city for s in state.seats.values() if s.city}


def ask_draft_city(state: EpireiaState, frame: Frame) -> tuple[str, list[Choice]]:
    taken = taken_cities(state)
    choices = [Choice(id=f"city:{c}", label=CITIES[c].name, group="Cities")
               for c in CITY_IDS if c not in taken]
    league = state.seats[frame.role].league.title()
    return f"Choose your City ({league} League).", choices


def handle_draft_city(state: EpireiaState, frame: Frame, choice: str) -> None:
    city = choice.split(":", 1)[1]
    state.seats[frame.role].city = city
    del state.greek_cities[city]
    league = state.seats[frame.role].league.title()
    number = frame.role.rsplit("-", 1)[-1]
    members = state.league_roles(state.seats[frame.role].league)
    who = f"{league} player {number}" if len(members) > 1 else f"The {league} player"
    state.say(f"{who} chooses {CITIES[city].name} for the {league} League.", role=frame.role)
    finish(state, frame)


def ask_draft_admin(state: EpireiaState, frame: Frame) -> tuple[str, list[Choice]]:
    taken = {s.administrator for s in state.seats.values()}
    choices = [Choice(id=f"adm:{a}", label=catalog.administrator_name(a), group="Administrators",
                      detail=catalog.administrator_text(a))
               for a in catalog.administrator_ids() if a not in taken]
    return "Choose your Administrator.", choices


def handle_draft_admin(state: EpireiaState, frame: Frame, choice: str) -> None:
    admin = choice.split(":", 1)[1]
    state.seats[frame.role].administrator = admin
    state.say(f"{city_name(state, frame.role)} takes the {catalog.administrator_name(admin)}.",
              role=frame.role)
    finish(state, frame)


def figure_choice(figure: str, group: str) -> Choice:
    return Choice(id=f"fig:{figure}", label=catalog.figure_name(figure), group=group,
                  detail=catalog.figure_text(figure))


def ask_choose_figure(state: EpireiaState, frame: Frame) -> tuple[str, list[Choice]]:
    city = state.seats[frame.role].city
    choices = [figure_choice(f, "Influential Figures") for f in catalog.figures_of(city)]
    secret = "" if state.is_solo else " in secret (revealed when everyone has chosen)"
    return f"Choose your starting Influential Figure{secret}.", choices


def handle_choose_figure(state: EpireiaState, frame: Frame, choice: str) -> None:
    state.seats[frame.role].figure_choice = choice.split(":", 1)[1]
    state.say(f"{city_name(state, frame.role)} has chosen a starting figure.", role=frame.role)
    state.say(f"You chose {catalog.figure_name(choice.split(':', 1)[1])}.", role=frame.role,
              visible_to=[frame.role])
    finish(state, frame)


def solo_scenario_fits(state: EpireiaState, scenario_id: str) -> bool:
    """A scenario fits the City already chosen (the ``solo_city`` option) unless that City is
    one of its enemies; a scenario that names the player's City replaces the choice."""
    scenario = catalog.solo_scenario(scenario_id)
    city = state.seats["solo"].city
    return bool(scenario.city) or not city or city not in scenario.enemy_cities


def ask_solo_scenario(state: EpireiaState, frame: Frame) -> tuple[str, list[Choice]]:
    choices = []
    for s in catalog.solo_scenario_ids():
        if not solo_scenario_fits(state, s):
            continue  # the chosen City is its enemy: the player cannot lead it
        scenario = catalog.solo_scenario(s)
        city = f", City: {CITIES[scenario.city].name}" if scenario.city else ""
        choices.append(Choice(id=f"scn:{s}", label=scenario.name, group="Solo scenarios",
                              detail=f"{scenario.rounds} rounds{city}"))
    return "Choose the solo scenario to play.", choices


def handle_solo_scenario(state: EpireiaState, frame: Frame, choice: str) -> None:
    scenario = choice.split(":", 1)[1]
    if not solo_scenario_fits(state, scenario):  # pragma: no cover - not offered
        raise IllegalChoice("Your City is the enemy in that scenario.")
    prepare_solo_scenario(state, scenario)
    place_enemy(state)
    finish(state, frame)


def ask_solo_city(state: EpireiaState, frame: Frame) -> tuple[str, list[Choice]]:
    enemies = set(state.solo.enemy_cities)
    choices = [Choice(id=f"city:{c}", label=CITIES[c].name, group="Cities")
               for c in CITY_IDS if c not in enemies]
    return "Choose your City.", choices


def handle_solo_city(state: EpireiaState, frame: Frame, choice: str) -> None:
    city = choice.split(":", 1)[1]
    seat = state.seats["solo"]
    seat.city = city
    seat.league = catalog.city_league(city)
    state.say(f"You lead {CITIES[city].name}.", role="solo")
    finish(state, frame)


def ask_solo_league(state: EpireiaState, frame: Frame) -> tuple[str, list[Choice]]:
    return "Choose the League your City joins.", [
        Choice(id="lg:delian", label="Delian League", group="Leagues"),
        Choice(id="lg:peloponnesian", label="Peloponnesian League", group="Leagues"),
    ]


def handle_solo_league(state: EpireiaState, frame: Frame, choice: str) -> None:
    state.seats["solo"].league = choice.split(":", 1)[1]
    state.say(f"{city_name(state, 'solo')} joins the "
              f"{state.seats['solo'].league.title()} League.", role="solo")
    finish(state, frame)


# Development --------------------------------------------------------------------------------


def ask_develop(state: EpireiaState, frame: Frame) -> tuple[str, list[Choice]]:
    role = frame.role
    seat = state.seats[role]
    choices: list[Choice] = []
    most: dict[str, int] = {}
    for resource, amount in donations(state, role):
        most[resource] = max(most.get(resource, 0), amount)
    for resource in sorted(most, key=RESOURCES.index):
        amounts = "2" if most[resource] == 2 else f"2 to {most[resource]}"
        choices.append(Choice(id=f"don:{resource}", group="Donate (+1 Prestige)",
                              label=f"Donate {resource.title()} ({amounts})"))
    for building, cost in buildable(state, role):
        choices.append(Choice(id=f"build:{building}", group="Construct a building",
                              label=f"{catalog.building_name(building)} ({cost_text(cost)})",
                              detail=catalog.building_text(building)))
    for kind, cost in producible(state, role):
        choices.append(Choice(id=f"make:{kind}", group="Produce a military token",
                              label=f"{token_label(kind)} ({cost_text(cost)})"))
    if seat.admin_uses < 3:
        for option, label in abilities.administrator_options(state, role):
            choices.append(Choice(id=f"use:{option}", label=label,
                                  group=f"{catalog.administrator_name(seat.administrator)} "
                                        "(no action)", style="success"))
    choices.append(Choice(id="done", label="End your turn", style="danger"))
    return (f"Development: {seat.actions_left} action{'s' if seat.actions_left != 1 else ''} "
            "left."), choices


def handle_develop(state: EpireiaState, frame: Frame, choice: str) -> None:
    role = frame.role
    seat = state.seats[role]
    verb, _, rest = choice.partition(":")
    if verb == "done":
        state.say(f"{city_name(state, role)} ends its turn with {seat.actions_left} "
                  f"action{'' if seat.actions_left == 1 else 's'} unused.", role=role)
        seat.actions_left = 0
    elif verb == "use":
        use_administrator(state, role, rest)
    elif verb == "don":
        state.stack.append(Frame(name="donate", role=role, data={"resource": rest}))
        return
    else:
        if verb == "build":
            construct(state, role, rest)
        elif verb == "make":
            produce(state, role, rest)
        else:  # pragma: no cover - the runner only passes listed choices
            raise IllegalChoice("Unknown action.")
        seat.actions_left -= 1
    end_action(state, frame)


def end_action(state: EpireiaState, frame: Frame) -> None:
    """After an action: the development turn ends when no action is left."""
    seat = state.seats[frame.role]
    if seat.actions_left <= 0:
        seat.actions_left = 0
        finish(state, frame)
        state.turn += 1


def ask_donate(state: EpireiaState, frame: Frame) -> tuple[str, list[Choice]]:
    resource = str(frame.data["resource"])
    choices = [Choice(id=f"amt:{n}", label=f"Donate {n} {resource.title()}", group="Amount")
               for r, n in donations(state, frame.role) if r == resource]
    choices.append(Choice(id="back", label="Choose another action"))
    return f"How much {resource.title()} do you donate to your league?", choices


def handle_donate(state: EpireiaState, frame: Frame, choice: str) -> None:
    finish(state, frame)
    if choice == "back":
        return
    donate(state, frame.role, str(frame.data["resource"]), int(choice.split(":", 1)[1]))
    state.seats[frame.role].actions_left -= 1
    parent = next(f for f in reversed(state.stack) if f.name == "develop" and f.role == frame.role)
    end_action(state, parent)


def ask_ability(state: EpireiaState, frame: Frame) -> tuple[str, list[Choice]]:
    options = frame.data.get("options", [])
    choices = [Choice(id=str(o[0]), label=str(o[1]), group=str(frame.data.get("source", "")))
               for o in options]
    if not choices:
        choices = [Choice(id="none", label="Nothing to choose")]
    return str(frame.data.get("label") or frame.data.get("text") or "Choose."), choices


def handle_ability(state: EpireiaState, frame: Frame, choice: str) -> None:
    finish(state, frame)
    if choice != "none" or frame.data.get("options"):
        abilities.resolve_choice(state, frame.role, frame, choice)


# Diplomacy ----------------------------------------------------------------------------------


def movable(state: EpireiaState, frame: Frame) -> list[str]:
    moved = frame.data.get("moved", [])
    return [f for f in state.seats[frame.role].figure_cards
            if f not in moved and can_move(state, frame.role, f)]


def ask_move(state: EpireiaState, frame: Frame) -> tuple[str, list[Choice]]:
    choices = []
    for figure in movable(state, frame):
        where = space_name(state.figures[figure].location)
        choices.append(Choice(id=f"mv:{figure}", label=f"Move {catalog.figure_name(figure)}",
                              group="Influential Figures", detail=f"now at {where}"))
    choices.append(Choice(id="done", label="End your diplomacy", style="danger"))
    return "Diplomacy: move your Influential Figures (each at most once).", choices


def handle_move(state: EpireiaState, frame: Frame, choice: str) -> None:
    if choice == "done":
        state.say(f"{city_name(state, frame.role)} ends its diplomacy.", role=frame.role)
        finish(state, frame)
        state.turn += 1
        return
    figure = choice.split(":", 1)[1]
    state.stack.append(Frame(name="move_to", role=frame.role, data={"figure": figure}))


def destination_group(space: str) -> str:
    if space in EMPIRES:
        return "Empires"
    if space in TERRITORIES:
        return "Territories"
    if space == HOME:
        return "Home"
    return "Greek Cities"


def ask_move_to(state: EpireiaState, frame: Frame) -> tuple[str, list[Choice]]:
    figure = str(frame.data["figure"])
    choices = [Choice(id=f"to:{d}", label=space_name(d).title() if d == HOME else space_name(d),
                      group=destination_group(d))
               for d in destinations(state, frame.role, figure)]
    choices.append(Choice(id="back", label="Choose another figure"))
    return f"Where does {catalog.figure_name(figure)} go?", choices


def handle_move_to(state: EpireiaState, frame: Frame, choice: str) -> None:
    finish(state, frame)
    if choice == "back":
        return
    figure = str(frame.data["figure"])
    move_figure(state, frame.role, figure, choice.split(":", 1)[1])
    parent = state.stack[-1]
    parent.data.setdefault("moved", []).append(figure)
    if not movable(state, parent):
        finish(state, parent)
        state.turn += 1


# The Great Battle ---------------------------------------------------------------------------


def ask_battle_place(state: EpireiaState, frame: Frame) -> tuple[str, list[Choice]]:
    league = str(frame.data["league"])
    assert state.battle is not None
    pool = state.battle.sides[league].pool
    choices = [Choice(id=f"tok:{k}", label=f"Place {token_label(k)} ({pool.count(k)} left)",
                      group="Tokens")
               for k in placeable_kinds(state, league)]
    choices.append(Choice(id="auto", label="Place the rest automatically", style="primary"))
    choices.append(Choice(id="done", label="Finish placing", style="danger"))
    return "Place your league's military tokens face down on the battlefield.", choices


def handle_battle_place(state: EpireiaState, frame: Frame, choice: str) -> None:
    league = str(frame.data["league"])
    assert state.battle is not None
    side = state.battle.sides[league]
    if choice.startswith("tok:"):
        kind = choice.split(":", 1)[1]
        state.stack.append(Frame(name="battle_slot", role=frame.role, simultaneous=True,
                                 data={"league": league, "kind": kind}))
        return
    if choice == "auto":
        auto_place(state, league)
    side.placed = True
    state.say(f"The {league.title()} League has placed its tokens.")
    finish(state, frame)


def ask_battle_slot(state: EpireiaState, frame: Frame) -> tuple[str, list[Choice]]:
    league, kind = str(frame.data["league"]), str(frame.data["kind"])
    choices = [Choice(id=f"slot:{f}:{c}:{r}", label=f"{f.title()} column {c + 1}, row {r + 1}",
                      group=f.title())
               for f, c, r in placeable(state, league, kind)]
    choices.append(Choice(id="back", label="Choose another token"))
    return f"Where does the {token_label(kind)} token go?", choices


def handle_battle_slot(state: EpireiaState, frame: Frame, choice: str) -> None:
    finish(state, frame)
    if choice == "back":
        return
    league, kind = str(frame.data["league"]), str(frame.data["kind"])
    _, front, column, row = choice.split(":")
    place_token(state, league, kind, front, int(column), int(row))
    if not placeable_kinds(state, league):
        assert state.battle is not None
        state.battle.sides[league].placed = True
        state.say(f"The {league.title()} League has placed its tokens.")
        parent = next(f for f in state.stack if f.name == "battle_place" and f.role == frame.role)
        finish(state, parent)


def ask_battle_figure(state: EpireiaState, frame: Frame) -> tuple[str, list[Choice]]:
    league = str(frame.data["league"])
    assert state.battle is not None
    side = state.battle.sides[league]
    index = len(side.figures) + int(frame.data.get("skipped", 0))
    front = FRONTS[index]
    used = set(side.figures.values())
    choices = [figure_choice(f, "Influential Figures") for f in league_figures(state, league)
               if f not in used]
    # "Each league must place 3 Influential Figures ... 1 on each front": a front may stay
    # empty only when the league has fewer figures left than fronts (it chooses which), and
    # in solo ("up to 3 Influential Figures").
    if state.is_solo or len(choices) < len(FRONTS) - index:
        choices.append(Choice(id="none", label="No figure on this front"))
    return f"Choose in secret the Influential Figure for the {front} front.", choices


def handle_battle_figure(state: EpireiaState, frame: Frame, choice: str) -> None:
    league = str(frame.data["league"])
    assert state.battle is not None
    side = state.battle.sides[league]
    index = len(side.figures) + int(frame.data.get("skipped", 0))
    if choice == "none":
        frame.data["skipped"] = int(frame.data.get("skipped", 0)) + 1
    else:
        side.figures[FRONTS[index]] = choice.split(":", 1)[1]
    used = set(side.figures.values())
    left = [f for f in league_figures(state, league) if f not in used]
    if index + 1 >= len(FRONTS) or not left:
        side.figures_placed = True
        state.say(f"The {league.title()} League has placed its figures.")
        finish(state, frame)


def ask_battle_commit(state: EpireiaState, frame: Frame) -> tuple[str, list[Choice]]:
    front, column = str(frame.data["front"]), int(frame.data["column"])
    league = str(frame.data["league"])
    assert state.battle is not None
    figure = state.battle.sides[league].figures[front]
    return (f"{front.title()}, column {column + 1}: engage {catalog.figure_name(figure)} here?",
            [Choice(id="commit", label=f"Engage {catalog.figure_name(figure)}", style="primary"),
             Choice(id="pass", label="Hold back")])


def handle_battle_commit(state: EpireiaState, frame: Frame, choice: str) -> None:
    front, column = str(frame.data["front"]), int(frame.data["column"])
    league = str(frame.data["league"])
    battle = state.battle
    assert battle is not None
    finish(state, frame)
    if choice == "commit":
        battle.sides[league].committed[front] = column
        figure = battle.sides[league].figures[front]
        state.say(f"The {league.title()} League engages {catalog.figure_name(figure)} in "
                  f"{front} column {column + 1}.")
        battle.passed = [lg for lg in battle.passed if lg == league]
    else:
        battle.passed.append(league)
        state.say(f"The {league.title()} League holds back its figure.")


PROMPTS: dict[str, tuple[Ask, Handle]] = {
    "draft_city": (ask_draft_city, handle_draft_city),
    "draft_admin": (ask_draft_admin, handle_draft_admin),
    "choose_figure": (ask_choose_figure, handle_choose_figure),
    "solo_scenario": (ask_solo_scenario, handle_solo_scenario),
    "solo_city": (ask_solo_city, handle_solo_city),
    "solo_league": (ask_solo_league, handle_solo_league),
    "develop": (ask_develop, handle_develop),
    "donate": (ask_donate, handle_donate),
    "ability": (ask_ability, handle_ability),
    "move": (ask_move, handle_move),
    "move_to": (ask_move_to, handle_move_to),
    "battle_place": (ask_battle_place, handle_battle_place),
    "battle_slot": (ask_battle_slot, handle_battle_slot),
    "battle_figure": (ask_battle_figure, handle_battle_figure),
    "battle_commit": (ask_battle_commit, handle_battle_commit),
}


# What the others see of a secret prompt: the question itself would tell them what is being
# placed or chosen ("Where does the Triremes II token go?"), so they get a neutral line.
SECRET_PROMPTS: dict[str, str] = {
    "choose_figure": "Choosing a starting Influential Figure in secret.",
    "battle_place": "Placing the {league} League's army face down, in secret.",
    "battle_slot": "Placing the {league} League's army face down, in secret.",
    "battle_figure": "Choosing the {league} League's Influential Figures in secret.",
}


def prompt_shown(state: EpireiaState, frame: Frame, text: str, viewer: str | None) -> str:
    """The text of ``frame``'s prompt as ``viewer`` (a role, or None: spectators) may see it.

    Public prompts are shown as they are. A secret one is shown to the role asked and, for the
    Great Battle, to its league partners (they share the league's battlefield); everyone else
    reads a neutral line."""
    neutral = SECRET_PROMPTS.get(frame.name)
    if neutral is None or viewer == frame.role:
        return text
    league = str(frame.data.get("league") or state.seats[frame.role].league)
    if frame.name != "choose_figure" and viewer in state.seats and \
            state.seats[viewer].league == league:
        return text
    return neutral.format(league=league.title())


def active_frames(state: EpireiaState) -> list[Frame]:
    """The frames asking now: the top frame, or every role's topmost frame in the block of
    simultaneous frames at the top of the stack."""
    if not state.stack:
        return []
    top = state.stack[-1]
    if not top.simultaneous:
        return [top]
    frames: list[Frame] = []
    seen: set[str] = set()
    for frame in reversed(state.stack):
        if not frame.simultaneous:
            break
        if frame.role not in seen:
            seen.add(frame.role)
            frames.append(frame)
    return frames
