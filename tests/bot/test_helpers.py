"""Pure helpers of the bot: custom ids, pagination, options, settings and token errors,
the hot-seat terminal game."""

from __future__ import annotations

import asyncio
import logging
import re
import sqlite3
from pathlib import Path

import pytest

from bot import ids
from bot.__main__ import main
from bot.cogs.game import check_record
from bot.discord_render import NOTHING_TO_REPORT, result_text, summary_text
from bot.logs import RedactToken
from bot.options import option_domains, option_help, parse_options_text, suggestions
from bot.play import HotSeat
from bot.settings import Settings, SettingsError, load_settings
from bot.storage.db import open_database
from bot.views.layout import MAX_OPTIONS, paginate, units_for
from bot.views.setup import chosen, default_picks
from engine.core.errors import BadOptions, EngineError
from engine.core.game import Choice, Prompt, Result
from engine.core.record import GameRecord, record_game, verify
from engine.core.registry import get_game
from engine.core.runner import Action
from tests.support.duel import DuelOptions

GOOD_TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB"


# -- custom ids -----------------------------------------------------------------------------
def test_choice_id_round_trip_and_longest_fits() -> None:
    ref = ids.PromptRef(game=123456789, version=98765432, role=12, digest="a1b2c3")
    longest = "x" * 64
    custom = ids.choice(ref, longest)
    assert len(custom) <= ids.MAX_CUSTOM_ID
    parts = ids.parse(ids.CHOICE, custom)
    assert parts is not None
    assert ids.prompt_ref(parts) == ref and parts["choice"] == longest


def test_choice_ids_with_colons_and_other_templates() -> None:
    ref = ids.PromptRef(1, 2, 0)
    parts = ids.parse(ids.CHOICE, ids.choice(ref, "move:a1:b2"))
    assert parts is not None and parts["choice"] == "move:a1:b2"
    assert ids.parse(ids.PAGE, ids.page(ref, 3)) == {"game": "1", "version": "2", "role": "0",
                                                     "page": "3"}
    assert ids.parse(ids.LOBBY, ids.lobby(7, "start")) == {"game": "7", "action": "start"}
    assert ids.parse(ids.TAKE_TURN, ids.take_turn(7)) == {"game": "7"}
    assert ids.parse(ids.CHOICE, ids.take_turn(7)) is None
    assert ids.parse(ids.LOBBY, "sg:l:7:explode") is None
    assert ids.decode_picks(ids.encode_picks([2, 0, 11])) == [2, 0, 11]


def test_history_ids_name_what_they_show() -> None:
    big = 10**18  # a game number far beyond any server's
    assert ids.parse(ids.HISTORY_MOVE, ids.history_move(big, big, "l")) == {
        "game": str(big), "move": str(big), "which": "l"}
    assert ids.parse(ids.HISTORY_VIEW, ids.history_view(12)) == {"game": "12"}
    assert ids.parse(ids.HISTORY_PAGE, ids.history_page("p", big, 3)) == {
        "scope": "p", "user": str(big), "page": "3"}
    assert ids.parse(ids.HISTORY_PAGE, "sg:hp:x:0:1") is None  # no such scope
    assert ids.parse(ids.HISTORY_MOVE, "sg:hm:1:-1:p") is None  # moves are never negative


def test_prompt_digest_follows_text_and_choices() -> None:
    prompt = Prompt(role="north", text="Choose.", choices=choices("a", 3))
    same = Prompt(role="north", text="Choose.", choices=choices("a", 3))
    assert ids.prompt_digest(prompt) == ids.prompt_digest(same)
    assert ids.prompt_digest(prompt) != ids.prompt_digest(
        Prompt(role="north", text="Choose.", choices=choices("a", 2)))
    assert ids.prompt_digest(prompt) != ids.prompt_digest(
        Prompt(role="north", text="Choose again.", choices=choices("a", 3)))
    assert re.fullmatch("[0-9a-f]{6}", ids.prompt_digest(prompt))


def test_too_long_custom_id_is_refused() -> None:
    with pytest.raises(ValueError):
        ids.choice(ids.PromptRef(1, 1, 1), "x" * 120)


# -- pagination -----------------------------------------------------------------------------
def choices(group: str, count: int) -> list[Choice]:
    return [Choice(id=f"{group}:{n}", label=f"{group} {n}", group=group) for n in range(count)]


def test_small_groups_are_buttons_large_ones_selects() -> None:
    units = units_for(choices("a", 5) + choices("b", 30))
    assert [u.kind for u in units] == ["buttons", "select", "select"]
    assert [len(u.choices) for u in units] == [5, 25, 5]


def test_a_larger_group_is_buttons_when_the_prompt_still_fits_one_message() -> None:
    """A button is one click, a menu two: 12 choices and a row of 5 take 4 rows as buttons."""
    units = units_for(choices("a", 5) + choices("b", 12))
    assert [u.kind for u in units] == ["buttons"] * 4
    assert [len(u.choices) for u in units] == [5, 5, 5, 2]
    # the smallest larger group first, while the rows last; the rest stay menus
    units = units_for(choices("a", 5) + choices("b", 12) + choices("c", 7))
    assert [(u.group, u.kind) for u in units] == [
        ("a", "buttons"), ("b", "select"), ("c", "buttons"), ("c", "buttons")]
    # a role-switching row leaves four: then 12 choices need their menu
    assert [u.kind for u in paginate(choices("b", 12) + choices("x", 2), nav_row=True).units] \
        == ["buttons"] * 3 + ["buttons"]
    assert [u.kind for u in paginate(choices("b", 18) + choices("x", 2), nav_row=True).units] \
        == ["select", "buttons"]


def test_choices_with_descriptions_stay_in_a_menu_which_shows_them() -> None:
    described = [Choice(id=f"d:{n}", label=f"d {n}", group="d", detail="50% to hit")
                 for n in range(7)]
    assert [u.kind for u in units_for(described)] == ["select"]


def test_a_group_beyond_25_is_split_and_labelled() -> None:
    units = units_for(choices("city", 60))
    assert [len(u.choices) for u in units] == [25, 25, 10]
    assert units[2].placeholder == "city (51–60)"
    assert {u.index for u in units} == {0, 1, 2}


def test_pages_keep_a_row_for_navigation_and_cover_every_choice() -> None:
    everything = choices("a", 3) + choices("b", 60) + choices("c", 30) + choices("d", 4)
    first = paginate(everything, 0)
    assert first.pages == 2 and len(first.units) == 4
    assert first.previous is None and first.next == 1
    last = paginate(everything, 99)  # clamped
    assert last.number == 1 and last.previous == 0 and last.next is None
    seen = [c.id for page in (first, last) for u in page.units for c in u.choices]
    assert sorted(seen) == sorted(c.id for c in everything)
    assert all(len(u.choices) <= MAX_OPTIONS for u in first.units + last.units)


def test_five_rows_fit_on_one_page_unless_roles_need_the_row() -> None:
    five = [c for g in "abcde" for c in choices(g, 2)]
    assert paginate(five).pages == 1
    assert paginate(five, nav_row=True).pages == 2


# -- options --------------------------------------------------------------------------------
def test_option_domains_and_text() -> None:
    assert option_domains(DuelOptions) == {"rounds_to_win": [1, 2, 3],
                                           "timeout_policy": ["pass", "resign"]}
    assert parse_options_text("rounds_to_win=3, timeout_policy=resign", DuelOptions) == {
        "rounds_to_win": 3, "timeout_policy": "resign"}
    assert parse_options_text(None, DuelOptions) == {}
    with pytest.raises(BadOptions, match="no option"):
        parse_options_text("colour=red", DuelOptions)
    with pytest.raises(BadOptions, match="name=value"):
        parse_options_text("rounds_to_win", DuelOptions)
    # The rules revision is the platform's to set: never typed, listed or offered.
    with pytest.raises(BadOptions, match=r"no option 'revision'\. Options: rounds_to_win, timeout"):
        parse_options_text("revision=1", DuelOptions)
    assert "revision" not in option_help(DuelOptions)
    assert suggestions("rounds_to_win=2 timeout_policy=r", DuelOptions) == [
        "rounds_to_win=2 timeout_policy=resign"]


def test_setup_picks() -> None:
    picks = default_picks(DuelOptions)
    assert chosen(DuelOptions, picks) == {"rounds_to_win": 2, "timeout_policy": "pass"}
    assert chosen(DuelOptions, [0, 1]) == {"rounds_to_win": 1, "timeout_policy": "resign"}
    assert chosen(DuelOptions, [9]) == {}


# -- settings and start-up ------------------------------------------------------------------
def test_settings_from_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text(f"DISCORD_TOKEN={GOOD_TOKEN}\nSTRATEGOS_DEV_GUILD=42\n")
    monkeypatch.setenv("STRATEGOS_LOG_LEVEL", "debug")
    settings = load_settings()
    assert settings.token() == GOOD_TOKEN and settings.dev_guild == 42
    assert settings.log_level == "DEBUG"
    assert settings.database == Path("data/strategos.db")
    assert GOOD_TOKEN not in repr(settings) and GOOD_TOKEN not in str(settings.model_dump())


def test_missing_and_malformed_tokens() -> None:
    with pytest.raises(SettingsError, match="not set"):
        Settings(_env_file=None, discord_token="").token()
    with pytest.raises(SettingsError, match="does not look like"):
        Settings(_env_file=None, discord_token="hunter2").token()


def test_bad_setting_is_one_line(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("STRATEGOS_DEV_GUILD", "the-big-one")
    with pytest.raises(SettingsError) as error:
        load_settings()
    assert "STRATEGOS_DEV_GUILD" in str(error.value) and "\n" not in str(error.value)


def test_main_without_token_exits_2_with_one_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main([]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "DISCORD_TOKEN is not set" in err
    assert "Traceback" not in err


def test_token_is_redacted_from_logs() -> None:
    record = logging.LogRecord("x", logging.INFO, __file__, 1, "token is %s", (GOOD_TOKEN,),
                               None)
    assert RedactToken(GOOD_TOKEN).filter(record)
    assert GOOD_TOKEN not in record.getMessage() and "[token]" in record.getMessage()


# -- hot-seat -------------------------------------------------------------------------------
def test_hot_seat_duel_to_the_end(tmp_path: Path) -> None:
    answers = iter(["", "9", "1", "", "u", "1"] + ["", "1"] * 10)
    said: list[str] = []
    board = tmp_path / "out" / "board.png"
    seat = HotSeat(get_game("duel"), 2, "seed-1", {"rounds_to_win": 1}, board,
                   ask=lambda prompt: next(answers), say=said.append)
    assert seat.run() == 0
    assert board.read_bytes().startswith(b"\x89PNG")
    assert any("Game over" in line for line in said)
    assert any("Nothing to take back" in line or "Taken back" in line for line in said)
    record = GameRecord.model_validate_json(board.with_suffix(".record.json").read_text())
    assert verify(record).ok


def test_hot_seat_computer_all_plays_a_whole_game_without_input(tmp_path: Path) -> None:
    def no_input(prompt: str) -> str:
        raise AssertionError(f"asked {prompt!r} with every side played by the computer")

    said: list[str] = []
    board = tmp_path / "board.png"
    seat = HotSeat(get_game("epireia"), 2, "seed-2", {}, board, ask=no_input,
                   say=said.append, computers=["all"])
    assert seat.run() == 0
    assert any("(computer) —" in line for line in said)
    assert any("computer plays with the greedy player" in line for line in said)
    record = GameRecord.model_validate_json(board.with_suffix(".record.json").read_text())
    assert verify(record).ok and record.actions


def test_hot_seat_computer_plays_one_side_against_a_person(tmp_path: Path) -> None:
    asked: list[str] = []

    def person(prompt: str) -> str:
        asked.append(prompt)
        return "1"

    said: list[str] = []
    seat = HotSeat(get_game("duel"), 2, "seed-1", {"rounds_to_win": 2}, tmp_path / "b.png",
                   ask=person, say=said.append, computers=["south"])
    assert seat.run() == 0
    assert not any(prompt.startswith("Pass the screen") for prompt in asked)  # one person
    assert any(line.startswith("South (computer)") for line in said)
    with pytest.raises(EngineError, match="no side 'west'"):
        HotSeat(get_game("duel"), 2, "seed-1", {}, tmp_path / "b.png", computers=["west"])


def test_hot_seat_solo_never_asks_to_pass_the_screen(tmp_path: Path) -> None:
    asked: list[str] = []

    def person(prompt: str) -> str:
        asked.append(prompt)
        return "q" if len(asked) > 5 else "1"

    said: list[str] = []
    seat = HotSeat(get_game("epireia"), 1, "seed-3", {}, tmp_path / "b.png", ask=person,
                   say=said.append)
    assert seat.run() == 0
    assert asked and not any("Pass the screen" in prompt for prompt in asked)


def test_play_command_refuses_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "chess"]) == 2
    assert "no game called 'chess'" in capsys.readouterr().out


# -- /game verify ---------------------------------------------------------------------------
async def test_check_record_confirms_and_refuses() -> None:
    seat = HotSeat(get_game("duel"), 2, "seed-7", {"rounds_to_win": 1}, Path("unused.png"))
    hands = seat.state.hands  # type: ignore[attr-defined]
    actions = [Action(role="north", choice=f"card:{hands['north'][0]}"),
               Action(role="south", choice=f"card:{hands['south'][0]}")]
    record = record_game("duel", "seed-7", 2, {"rounds_to_win": 1}, actions)
    assert (await check_record(record.model_dump_json().encode(), "r.json")).startswith(
        "duel, 2 players: OK")
    record.seed = "seed-8"
    assert "FAILED" in await check_record(record.model_dump_json().encode(), "r.json")
    assert "not a Strategos game record" in await check_record(b"{}", "x.json")


# -- backup ---------------------------------------------------------------------------------
def test_backup_command_copies_the_database(monkeypatch: pytest.MonkeyPatch,
                                            tmp_path: Path) -> None:
    async def create() -> None:
        db = await open_database(tmp_path / "live.db")
        await db.close()

    asyncio.run(create())
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("STRATEGOS_DATABASE", str(tmp_path / "live.db"))
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)  # a backup needs no token
    assert main(["backup", str(tmp_path / "copy.db")]) == 0
    with sqlite3.connect(tmp_path / "copy.db") as copy:
        tables = {row[0] for row in copy.execute("SELECT name FROM sqlite_master")}
    assert "games" in tables


def test_backup_of_a_missing_database_is_refused(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A mistyped path must not create an empty database and report a backup."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("STRATEGOS_DATABASE", str(tmp_path / "typo" / "strategos.db"))
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main(["backup", str(tmp_path / "copy.db")]) != 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "No database at" in err and "Traceback" not in err
    assert not (tmp_path / "typo").exists() and not (tmp_path / "copy.db").exists()


def test_backup_of_a_file_that_is_not_a_database_is_one_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "notes.db").write_text("not a database, just notes " * 100)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("STRATEGOS_DATABASE", str(tmp_path / "notes.db"))
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main(["backup", str(tmp_path / "copy.db")]) != 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Could not back up" in err


def test_hot_seat_undo_follows_the_bot_rules(tmp_path: Path) -> None:
    """As /game undo: the last choice's own player may take it back after play passed to
    the next player; never past a reveal."""
    said: list[str] = []
    answers = iter([
        "",   # the screen goes to North
        "1",  # North plays a card; South is asked now
        "",   # the screen goes to South
        "u",  # North's choice is taken back although South is at the screen ...
        "",   # ... and the screen goes back to North
        "1",  # North plays again
        "",   # the screen goes to South
        "1",  # South plays: the cards are revealed
        "",   # the screen goes to North (round 2)
        "u",  # nothing to take back: the reveal is a barrier
        "q",
    ])
    seat = HotSeat(get_game("duel"), 2, "seed-1", {"rounds_to_win": 2},
                   tmp_path / "board.png", ask=lambda prompt: next(answers), say=said.append)
    assert seat.run() == 0
    assert "Taken back: North's last choice." in said
    assert [a.role for a, _ in seat.history] == ["north", "south"]
    assert any("Nothing to take back" in line for line in said)
    assert next(answers, None) is None  # every answer was used where expected


# -- texts of the turn posts ----------------------------------------------------------------
def test_a_turn_without_public_lines_says_so() -> None:
    assert summary_text([]) == NOTHING_TO_REPORT
    assert summary_text(["Alice plays a card."]) == "Alice plays a card."
    many = summary_text([f"line {n} " + "x" * 90 for n in range(30)], 1024)
    assert len(many) <= 1024 and many.startswith("…") and many.endswith("line 29 " + "x" * 90)


def test_a_game_nobody_won_reads_no_winner() -> None:
    lost = Result(winners=[], scores={}, reason="the scenario's objectives were not met in time")
    text = result_text(lost, None)  # type: ignore[arg-type]  # no name is looked up
    assert text == "**No winner** — the scenario's objectives were not met in time"
