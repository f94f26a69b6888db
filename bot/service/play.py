"""Playing: a player's choice (``act``, the path of a click) and resigning."""

from __future__ import annotations

from bot import errors
from bot.models import LoadedGame, TurnUpdate
from bot.service.core import Step, WriteConflict
from bot.service.write import WritingBase
from engine.core.errors import EngineError
from engine.core.runner import resigning_with

ACT_ATTEMPTS = 5


class PlayMixin(WritingBase):
    """A player's choices during the game."""

    async def act(
        self, game_id: int, user_id: int, version: int, role: str, choice_id: str
    ) -> TurnUpdate:
        """One player's choice: checked, applied, and stored in one transaction.

        It starts from the game as this process holds it (the click has just read it): the
        write checks its version, so the database is read again only after a conflict (another
        process wrote first), a refusal (which the game as stored must confirm) or a miss."""
        async with self._lock(game_id):
            loaded = self._held(game_id)
            current = version
            for _attempt in range(ACT_ATTEMPTS):
                read = loaded is None
                if loaded is None:
                    loaded = await self.load(game_id)
                current = loaded.version
                try:
                    self._check_choice(loaded, user_id, role, version, choice_id)
                    return await self._commit(loaded, [Step(role, choice_id)], "choice", user_id)
                except WriteConflict:
                    pass  # another process wrote first: check again against its write
                except (errors.ServiceError, EngineError):
                    if read:
                        raise
                loaded = None
            raise errors.StaleChoice(current)

    def _check_choice(
        self, loaded: LoadedGame, user_id: int, role: str, version: int, choice_id: str
    ) -> None:
        """Refuse a choice that this player may not make at this version (the rules check the
        choice itself)."""
        if not loaded.is_player(user_id):
            raise errors.NotInGame()
        if role not in loaded.roles_of(user_id):
            raise errors.NotYourRole()
        self._require_running(loaded)
        if not self._current(loaded, role, version):
            raise errors.StaleChoice(loaded.version)
        if resigning_with(choice_id) is not None:
            raise errors.ServiceError("Use /game resign to resign.")

    @staticmethod
    def _current(loaded: LoadedGame, role: str, version: int) -> bool:
        """Is a prompt shown at ``version`` still current for ``role``?

        Yes when the role's prompt has not changed since then: in a simultaneous round,
        one player's secret choice leaves the others' buttons valid. A role that is not
        prompted now only matches the current version (the engine then says why not).
        """
        if version == loaded.version:
            return True
        if role not in loaded.prompts:
            return False
        return loaded.row.prompt_version(role) <= version < loaded.version

    async def resign(self, game_id: int, user_id: int) -> TurnUpdate:
        async with self._lock(game_id):
            loaded = await self.load(game_id)
            if not loaded.is_player(user_id):
                raise errors.NotInGame()
            self._require_running(loaded, allow_paused=True)
            # All of the user's sides at once: their teams lose (see ``Game.resign``).
            step = Step.resign(loaded.roles_of(user_id))
            return await self._commit(loaded, [step], "choice", user_id)
