-- Strategos schema, version 9: a game may move into a thread of its own when it starts.
-- thread: 1 when the host asked for one at /game new (a lobby in a text channel starts the
-- game in a public thread made from the lobby message; the game's channel_id becomes the
-- thread's id, so the channel is free for another game).
ALTER TABLE games ADD COLUMN thread INTEGER NOT NULL DEFAULT 0;
