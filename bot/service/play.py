"""Playing: a player's choice (``act``, the path of a click) and resigning."""

from __future__ import annotations

from bot import errors
from bot.models import LoadedGame, TurnUpdate
from bot.service.core import Step, WriteConflict
from bot.service.write import WritingBase
from engine.core.runner import resigning_with

ACT_ATTEMPTS = 5


class PlayMixin(WritingBase):
    """A player's choices during the game."""

    async def act(
        self, game_id: int, user_id: int, version: int, role: str, choice_id: str
    ) -> TurnUpdate:
        """One player's choice: checked, applied, and stored in one transaction."""
        async with self._lock(game_id):
            for _attempt in range(ACT_ATTEMPTS):
                loaded = await self.load(game_id)
                if not loaded.is_player(user_id):
                    raise errors.NotInGame()
                if role not in loaded.roles_of(user_id):
                    raise errors.NotYourRole()
                self._require_running(loaded)
                if not self._current(loaded, role, version):
                    raise errors.StaleChoice(loaded.version)
                if resigning_with(choice_id) is not None:
                    raise errors.ServiceError("Use /game resign to resign.")
                try:
                    return await self._commit(loaded, [Step(role, choice_id)], "choice", user_id)
                except WriteConflict:
                    continue  # another process wrote first: check again against its write
            raise errors.StaleChoice(loaded.version)

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
