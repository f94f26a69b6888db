"""Epireia's messages: the public status (what is asked, the scenario, the progress of
both leagues) and a player's private text (the only reader of a seat's secrets)."""

from __future__ import annotations

from engine.games.epireia.view import (
    EpireiaPlayerView,
    EpireiaView,
)
from render import common as c
from render.games.epireia.reading import (
    FRONTS,
    LEAGUE_NAMES,
    PHASES,
    count_tokens,
    figure_name,
    place_name,
    resources_text,
    seat_name,
    token_label,
    waiting_for,
)


def objective_progress(view: EpireiaView) -> tuple[list[str], str]:
    """How near each objective is ("2 of 3", ✓ once met), in plain words, and the warning
    of a solo game's last round ("" when there is none)."""
    progress = view.scenario.progress
    if not progress or view.result is not None:
        return [], ""
    if view.solo is not None:
        lines = [f"{'✓' if p.done else '·'} {p.text} ({min(p.count, p.amount)} of {p.amount})"
                 for p in progress]
        last = bool(view.solo.rounds and view.round == view.solo.rounds)
        return lines, "Last round: every objective must be met by its end." if last else ""

    def name(who: str) -> str:  # a seat (a City's own Prestige) or a league
        return seat_name(view, who) if who in view.seats else LEAGUE_NAMES.get(who, who)

    parts = [f"{name(p.who)} {min(p.count, p.amount)} of {p.amount}{' ✓' if p.done else ''}"
             for p in progress]
    return ["Objective so far: " + ", ".join(parts)], ""



def progress_lines(view: EpireiaView) -> list[str]:
    """The turn post's lines of :func:`objective_progress` (Markdown)."""
    lines, last_round = objective_progress(view)
    out = [c.md_escape(line) for line in lines]
    if last_round:
        head, _, rest = last_round.partition(": ")
        out.append(f"**{head}:** {c.md_escape(rest)}")
    return out



def status_text(view: EpireiaView) -> str:
    lines = [f"**Epireia** — round {view.round} · {PHASES[view.phase]}"]
    scenario = view.scenario
    if scenario.act:
        name = scenario.name or c.title_case(scenario.card)
        done = " (completed)" if scenario.completed else ""
        act = scenario.act
        lines.append(f"Act {'I' * act if act < 4 else act}: *{c.md_escape(name)}*{done}")
    elif view.solo is not None and scenario.name:
        lines.append(f"Solo scenario: *{c.md_escape(scenario.name)}*")
    if scenario.story and scenario.revealed_turn == view.turn:
        # Just revealed: the story is read aloud (rules, Anatomy of scenarios), in full.
        lines.extend(f"> {c.md_escape(p)}" for p in scenario.story.split("\n") if p.strip())
        for text, name in ((scenario.objective, "Objective"),
                           (scenario.constraint, "Constraint")):
            if text:
                lines.append(f"**{name}:** {c.md_escape(text)}")
        if scenario.reward:
            lines.append(f"**Reward:** a {token_label(scenario.reward)} token")
    lines += progress_lines(view)
    for league in ("delian", "peloponnesian"):
        data = view.leagues.get(league)
        if data is None:
            continue
        lines.append(f"{LEAGUE_NAMES[league]}: {resources_text(data.treasury)}, "
                     + c.counted(len(data.reserve), "token") + " in reserve")
    prestige = [f"{c.md_escape(seat_name(view, r))} ★{s.prestige}" for r, s in view.seats.items()]
    if prestige:
        lines.append("Prestige: " + ", ".join(prestige))
    waiting = waiting_for(view)
    if waiting:
        lines.append("Waiting for: " + ", ".join(c.md_escape(w) for w in waiting))
    result = view.result
    if result is not None and result.reason:
        winners = [seat_name(view, w) for w in result.winners]
        lines.append(f"**Game over:** {c.md_escape(result.reason)}"
                     + (f" — won by {', '.join(winners)}" if winners else ""))
    return "\n".join(lines)



def private_text(view: EpireiaView) -> str:
    """The seat's own facts and secrets: resources, figures, the secret starting choice, the
    league's army in the Great Battle (``EpireiaPlayerView.private``)."""
    if not isinstance(view, EpireiaPlayerView):
        return "You are watching this game."
    secrets = view.private
    role, league = secrets.role, secrets.league
    seat = view.seats[role]
    lines = [f"**{c.md_escape(seat_name(view, role))}** — {LEAGUE_NAMES.get(league, league)}"]
    lines.append(f"Resources: {resources_text(seat.resources)} · Prestige ★{seat.prestige}")

    def attack(figure: str) -> int | str:
        if figure in secrets.figure_attacks:
            return secrets.figure_attacks[figure]
        return view.figures[figure].attack if figure in view.figures else "?"

    def location(figure: str) -> str:
        seen = view.figures.get(figure)
        return place_name(seen.location if seen is not None and seen.location else "home")

    cards = seat.figure_cards
    if cards:
        lines.append("Your figures: " + "; ".join(
            f"{figure_name(view, f)} (attack {attack(f)}) at {location(f)}" for f in cards))
    hand = secrets.figure_hand
    if hand and not cards:
        lines.append("Your City's figures:")
        for card in hand:
            sea = ", sea" if card.sea else ""
            lines.append(f"- **{c.md_escape(card.name)}** (attack {card.attack}{sea}): "
                         f"{c.md_escape(card.ability)}")
    choice = secrets.figure_choice
    if choice:
        names = {card.id: card.name for card in hand}
        chosen = c.md_escape(names.get(choice, figure_name(view, choice)))
        lines.append(f"Your secret choice: **{chosen}**")
    army = secrets.army
    if army is not None:
        pool = count_tokens([k for k in army.pool if k])
        if pool:
            lines.append("Tokens still to place: "
                         + ", ".join(f"{token_label(k)} ×{n}" for k, n in pool))
        for front in FRONTS:
            tokens = [f"{token_label(kind)} (col {column + 1})"
                      for column, kinds in enumerate(army.slots.get(front, []))
                      for kind in kinds if kind]
            figure = army.figures.get(front)
            fig = f"; figure {figure_name(view, figure)}" if figure else ""
            lines.append(f"{front.title()}: {', '.join(tokens) or 'no tokens'}{fig}")
    return "\n".join(lines)
