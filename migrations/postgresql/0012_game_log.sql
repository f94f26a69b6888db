-- Strategos schema, version 12, in PostgreSQL's form (see ../0012_game_log.sql): the log
-- entries are copied as their own JSON text (json, not jsonb, keeps each entry's text), the
-- states lose their "log" through jsonb (key order and spacing change, the values do not).
CREATE TABLE game_log (
    game_id BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    idx     INTEGER NOT NULL,
    entry   TEXT    NOT NULL,
    public  INTEGER NOT NULL,
    PRIMARY KEY (game_id, idx)
);
INSERT INTO game_log (game_id, idx, entry, public)
SELECT games.id, entries.n - 1, entries.value::text,
       CASE WHEN COALESCE(entries.value -> 'visible_to', 'null'::json)::text = 'null'
            THEN 1 ELSE 0 END
FROM games, json_array_elements(games.state::json -> 'log') WITH ORDINALITY AS entries (value, n)
WHERE games.state IS NOT NULL;
UPDATE games SET state = (state::jsonb - 'log')::text WHERE state IS NOT NULL;
ALTER TABLE boards ADD COLUMN state_log INTEGER NOT NULL DEFAULT 0;
ALTER TABLE boards ADD COLUMN previous_log INTEGER NOT NULL DEFAULT 0;
UPDATE boards SET
    state_log = COALESCE(json_array_length(state::json -> 'log'), 0),
    previous_log = COALESCE(json_array_length(previous::json -> 'log'), 0),
    state = (state::jsonb - 'log')::text,
    previous = (previous::jsonb - 'log')::text;
