-- Strategos schema, version 12: a game's log (its story, engine GameState.log) in rows of
-- its own, apart from the state, so that an action writes its few new lines instead of the
-- whole story again (the log was about 90% of a late game's state).
-- 'game_log' holds one row per entry of a game's log: 'idx' its place (0, 1, 2 …),
-- 'entry' the LogEntry as JSON, 'public' 1 when every player may read it (its
-- 'visible_to' is null: what /game log shows). Rows are appended by the action that wrote
-- the entries, in its transaction; only an undo deletes the tail it took back.
-- 'games.state' and the two states of 'boards' lose their "log"; a board keeps how many
-- entries its log had ('state_log', 'previous_log': a board's log is the first entries of
-- its game's log), so that loading any of them puts the log back as it was.
CREATE TABLE game_log (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    idx     INTEGER NOT NULL,
    entry   TEXT    NOT NULL,
    public  INTEGER NOT NULL,
    PRIMARY KEY (game_id, idx)
) WITHOUT ROWID;
INSERT INTO game_log (game_id, idx, entry, public)
SELECT games.id, CAST(entries.key AS INTEGER), entries.value,
       json_extract(entries.value, '$.visible_to') IS NULL
FROM games, json_each(games.state, '$.log') AS entries
WHERE games.state IS NOT NULL;
UPDATE games SET state = json_remove(state, '$.log') WHERE state IS NOT NULL;
ALTER TABLE boards ADD COLUMN state_log INTEGER NOT NULL DEFAULT 0;
ALTER TABLE boards ADD COLUMN previous_log INTEGER NOT NULL DEFAULT 0;
UPDATE boards SET
    state_log = COALESCE(json_array_length(state, '$.log'), 0),
    previous_log = COALESCE(json_array_length(previous, '$.log'), 0),
    state = json_remove(state, '$.log'),
    previous = json_remove(previous, '$.log');
