-- Strategos schema, version 13: whether a game's last board reached its channel.
-- 'boards.post_due' is set (a stamp a minute after the write) by the transaction that
-- stores a new board to post (a turn's end, a game's start) and cleared once the bot has
-- posted it. A bot process killed between the two leaves it set: when it has passed, the
-- turn-timer loop of any process claims the board (moving the stamp on by a lease) and
-- posts it late, so the players asked next still hear of their turn. NULL: posted (every
-- board stored before this migration was).
ALTER TABLE boards ADD COLUMN post_due TEXT;
