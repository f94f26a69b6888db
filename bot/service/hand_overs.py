"""Hand-overs within a turn that a killed process did not announce (``hand_overs``,
migration 0014): when the play passes to other players without a board (a draft, an answer
to a card), the write stores who was newly asked; the bot deletes the row once it has pinged
them. A row still there a minute later was lost with its process: the turn-timer loop of any
process claims it for a lease and pings those of its roles still asked.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime

from bot.models import TurnUpdate
from bot.service.boards import LATE_BATCH
from bot.service.core import ServiceBase
from bot.storage import queries, stamp


@dataclass(frozen=True)
class LateHandOver:
    """A hand-over to announce late: the game now, asking ``update.handed_to`` (those of
    the roles handed to that are still asked), and who made the choice (not pinged)."""

    update: TurnUpdate
    actor: int | None


class HandOversMixin(ServiceBase):
    """Hand-over pings: sent, and those that are late."""

    async def hand_over_sent(self, game_id: int, version: int) -> None:
        """The hand-over of ``version`` (the write that made it) is announced."""
        await self.db.run(lambda conn: queries.hand_over_sent(conn, game_id, version))

    async def claim_late_hand_overs(self, now: datetime | None = None) -> list[LateHandOver]:
        """The hand-overs overdue (their process died), claimed for a lease (a write: ask
        ``anything_late`` first); each as the update that announces it. Announce each, then
        :meth:`hand_over_sent`."""
        moment = now or self._now()
        rows = await self.db.run(lambda conn: queries.claim_late_hand_overs(
            conn, stamp(moment), stamp(moment + self.lease), LATE_BATCH))
        late = []
        for row in rows:
            loaded = await self.load(int(row["game_id"]))
            roles: list[str] = json.loads(row["roles"])
            asked = [r for r in roles if r in loaded.prompts]
            update = TurnUpdate(loaded=loaded, turn_ended=False, handed_to=asked)
            late.append(LateHandOver(update=update, actor=row["actor"]))
        return late
