"""Game records that anyone can check: export after a game, verify by replaying.

While a game runs only SHA-256(seed) is public. At the end the seed is revealed with
the action log; ``verify`` replays the log from the seed and confirms that the seed
matches its commitment and that every action produced the same dice, the same number
of random draws and the same state, byte for byte (the state only when the record was made
with the game's current ``state_version``: a state's shape may change between versions).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, ValidationError, field_validator

from engine.core.errors import BadRecord, ReplayMismatch
from engine.core.registry import get_game
from engine.core.rng import seed_digest
from engine.core.runner import Action, act, start, state_digest, with_revision

FORMAT = "strategos-record/1"


class RecordedAction(BaseModel):
    n: int
    role: str
    choice: str
    dice: list[int] = Field(default_factory=list)
    draws: int
    state_sha256: str


class GameRecord(BaseModel):
    format: str = FORMAT
    game: str
    players: int
    options: dict[str, Any] = Field(default_factory=dict)
    seed_sha256: str
    seed: str
    actions: list[RecordedAction]
    result: dict[str, Any] | None = None
    # The game's number (#n) on the bot that hosted it, so that the bot can say whether a
    # record is the game played there; None in records made elsewhere (or before).
    number: int | None = None
    # The game's ``state_version`` when the record was made (records before it: 1).
    state_version: int = 1

    @field_validator("options")
    @classmethod
    def _revision_named(cls, options: dict[str, Any]) -> dict[str, Any]:
        """Records made before rules revisions existed were all played under revision 1."""
        return {"revision": 1, **options}


def parse_record(data: str | bytes) -> GameRecord:
    """A record from the JSON text of a file; :class:`BadRecord` (one line) if it is not one."""
    try:
        return GameRecord.model_validate_json(data)
    except ValidationError as error:
        problem = error.errors()[0]
        if problem["type"] == "json_invalid":
            why = "it is not valid JSON"
        elif not problem["loc"]:
            why = "it is not a JSON object"
        else:
            where = ".".join(str(p) for p in problem["loc"]) or "the file"
            why = f"{where}: {problem['msg'].lower()}"
        raise BadRecord(f"This is not a Strategos game record ({why}).") from None


def record_game(
    game_id: str,
    seed: str,
    players: int,
    options: dict[str, Any] | None,
    actions: list[Action],
    number: int | None = None,
) -> GameRecord:
    """Build the record of a game from its seed and effective action log (``number``: the
    hosting bot's game number)."""
    game = get_game(game_id)
    state = start(game, seed, players, options)
    recorded = []
    for n, action in enumerate(actions, start=1):
        outcome = act(game, state, action.role, action.choice)
        recorded.append(
            RecordedAction(
                n=n,
                role=action.role,
                choice=action.choice,
                dice=[d for entry in outcome.log for d in entry.dice],
                draws=state.rng.draws,
                state_sha256=state_digest(state),
            )
        )
    return GameRecord(
        game=game_id,
        players=players,
        options=with_revision(game, options),
        seed_sha256=seed_digest(seed),
        seed=seed,
        actions=recorded,
        result=state.result.model_dump() if state.result else None,
        number=number,
        state_version=game.state_version,
    )


class Verification(BaseModel):
    ok: bool
    actions: int
    rolls: int
    draws: int
    message: str


def verify(record: GameRecord) -> Verification:
    """Replay a record; every difference is reported as a failure."""
    try:
        if seed_digest(record.seed) != record.seed_sha256:
            raise ReplayMismatch("the seed does not match the SHA-256 posted at the start")
        game = get_game(record.game)
        same_states = record.state_version == game.state_version
        state = start(game, record.seed, record.players, record.options)
        rolls = 0
        for recorded in record.actions:
            outcome = act(game, state, recorded.role, recorded.choice)
            dice = [d for entry in outcome.log for d in entry.dice]
            if dice != recorded.dice:
                raise ReplayMismatch(
                    f"action {recorded.n}: dice {dice} replayed, record says {recorded.dice}"
                )
            if state.rng.draws != recorded.draws:
                raise ReplayMismatch(f"action {recorded.n}: random draws differ")
            if same_states and state_digest(state) != recorded.state_sha256:
                raise ReplayMismatch(f"action {recorded.n}: the game state differs")
            rolls += len(dice)
        result = state.result.model_dump() if state.result else None
        if result != record.result:
            raise ReplayMismatch("the replayed result differs from the recorded one")
    except Exception as error:  # any failure to replay is a failed verification
        return Verification(ok=False, actions=0, rolls=0, draws=0, message=f"FAILED: {error}")
    return Verification(
        ok=True,
        actions=len(record.actions),
        rolls=rolls,
        draws=state.rng.draws,
        message=(
            f"OK: seed matches its SHA-256; {len(record.actions)} actions replayed; "
            f"{rolls} dice and {state.rng.draws} random draws confirmed"
            + ("." if same_states else
               " (the record's state digests come from an earlier engine version and were "
               "not compared; its dice, draws and result were).")
        ),
    )
