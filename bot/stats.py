"""``/stats``: a player's record, ratings and recent games as an embed, with a picture of
their rating history and win rates (``render/stats_chart.py``, drawn off the event loop);
with ``against:``, the head-to-head record of two players."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord

from bot.discord_render import role_name
from bot.stats_models import HeadToHead, ResultLine, UserStats
from engine.core.registry import get_game
from render.stats_chart import RatingLine, StatsChart, WinRate, stats_png

QUIET = discord.AllowedMentions.none()
CHART_FILE = "stats.png"
RATING_NOTE = ("Ratings: OpenSkill (Plackett–Luce), shown as a cautious estimate that rises "
               "as the ± (uncertainty) shrinks; a new player starts at 1000.")


def game_name(kind: str) -> str:
    try:
        return get_game(kind).name
    except Exception:  # a game no longer installed keeps its id
        return kind


def seat_name(kind: str, role: str) -> str:
    """A side's name from the game's seats at each table size with the default options (no
    game state needed: the smallest table naming it), else its id."""
    try:
        game = get_game(kind)
        for players in range(game.min_players, game.max_players + 1):
            for info in game.roles(players, game.Options()):
                if info.id == role:
                    return info.name
    except Exception:  # a game no longer installed, or refusing a table size, keeps the id
        return role
    return role


async def side_names(service: Any, lines: list[ResultLine]) -> dict[tuple[int, str], str]:
    """(game id, role id) -> the side's name in that game ("Athens (Delian League)", not
    "delian-1"); the id stays when the game cannot be loaded."""
    names = {}
    for line in lines:
        try:
            names[line.game_id, line.role] = role_name(await service.load(line.game_id),
                                                       line.role)
        except Exception:  # a game no longer installed or readable keeps the id
            names[line.game_id, line.role] = line.role
    return names


def recent_text(lines: list[ResultLine], sides: dict[tuple[int, str], str]) -> list[str]:
    """One line per game, naming every side the player held in it ("as Arden and Corin")."""
    games: dict[int, list[ResultLine]] = {}
    for line in lines:
        games.setdefault(line.game_id, []).append(line)
    text = []
    for game_id, held in games.items():
        first = held[0]
        if len({line.outcome for line in held}) == 1:
            played = " and ".join(sides[game_id, line.role] for line in held) + f": {first.outcome}"
        else:  # sides on two teams
            played = " and ".join(f"{sides[game_id, line.role]} ({line.outcome})" for line in held)
        rated = first.rating_before is not None and first.rating_after is not None
        text.append(f"#{game_id} {game_name(first.kind)} as {played}"
                    + (f" ({first.rating_before:.0f} → {first.rating_after:.0f})" if rated else ""))
    return text


def chart_of(stats: UserStats, name: str) -> StatsChart:
    """The numbers the picture shows: per kind its ratings (the one before the first rated
    game, then after each), and the share of games won per kind and per side."""
    lines = []
    for kind in stats.kinds:
        steps = [step for step in stats.history if step.kind == kind.kind]
        if steps:
            lines.append(RatingLine(name=game_name(kind.kind),
                                    ratings=[steps[0].before, *(s.after for s in steps)],
                                    uncertainty=kind.uncertainty))
    several = len(stats.kinds) > 1  # only then does a side need its game's name
    return StatsChart(
        title=f"Statistics of {name}",
        lines=lines,
        by_game=[WinRate(label=game_name(k.kind), games=k.games, wins=k.wins, draws=k.draws)
                 for k in stats.kinds],
        by_side=[WinRate(label=(f"{game_name(s.kind)} · " if several else "")
                         + seat_name(s.kind, s.role), games=s.games, wins=s.wins, draws=s.draws)
                 for s in stats.sides],
    )


async def stats_message(service: Any, guild_id: int, who: discord.abc.User
                        ) -> dict[str, Any]:
    """The embed (and, once a game is finished, the picture), as message keywords."""
    stats: UserStats = await service.stats(guild_id, who.id)
    embed = discord.Embed(title=f"Statistics of {who.display_name}"[:256],
                          colour=discord.Colour.gold())
    for kind in stats.kinds:
        rating = (f"{kind.rating:.0f} ±{kind.uncertainty:.0f}"
                  if kind.rating is not None and kind.uncertainty is not None else "unrated")
        embed.add_field(
            name=game_name(kind.kind),
            value=f"Rating {rating} · {kind.games} game{'s' if kind.games != 1 else ''}: "
                  f"{kind.wins} won, {kind.losses} lost, {kind.draws} drawn",
            inline=False,
        )
    recent = recent_text(stats.recent[:10], await side_names(service, stats.recent[:10]))
    if recent:
        embed.add_field(name="Recent games", value="\n".join(recent)[:1024], inline=False)
    if not stats.kinds:
        embed.description = "No finished games yet."
        return {"embed": embed}
    embed.set_footer(text=RATING_NOTE)
    png = await asyncio.to_thread(stats_png, chart_of(stats, who.display_name))
    embed.set_image(url=f"attachment://{CHART_FILE}")
    return {"embed": embed, "file": discord.File(io.BytesIO(png), filename=CHART_FILE)}


def _plural(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def head_to_head_text(rows: list[HeadToHead], name: str, other: str) -> list[tuple[str, str]]:
    """(game, record) per game kind: against each other, then together."""
    fields = []
    for row in rows:
        parts = []
        against = row.games - row.together
        if against:
            text = (f"Against each other: {_plural(against, 'game')}; {name} won {row.wins}, "
                    f"{other} won {row.other_wins}, {row.draws} drawn")
            if row.both_lost:
                text += f", {row.both_lost} won by another team"
            parts.append(text + ".")
        if row.together:
            parts.append(f"On one team: {_plural(row.together, 'game')}; "
                         f"{row.together_wins} won, {row.together_losses} lost, "
                         f"{row.together_draws} drawn.")
        fields.append((game_name(row.kind), "\n".join(parts)))
    return fields


async def head_to_head_message(service: Any, guild_id: int, who: discord.abc.User,
                               other: discord.abc.User) -> dict[str, Any]:
    embed = discord.Embed(title=f"{who.display_name} and {other.display_name}"[:256],
                          colour=discord.Colour.gold())
    if who.id == other.id:
        embed.description = "Pick another player to compare with."
        return {"embed": embed}
    rows: list[HeadToHead] = await service.head_to_head(guild_id, who.id, other.id)
    for game, text in head_to_head_text(rows, who.display_name, other.display_name):
        embed.add_field(name=game, value=text[:1024], inline=False)
    if not rows:
        embed.description = (f"{who.display_name} and {other.display_name} have not finished "
                             "a game together on this server.")
    return {"embed": embed}
