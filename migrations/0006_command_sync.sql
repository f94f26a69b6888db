-- Strategos schema: what command tree was last synced with Discord, so that a start syncs
-- only when the tree changed (each sync counts against Discord's rate limits).
-- 'target' names the application and where it was synced ('<application id>:global' or
-- '<application id>:guild:<guild id>'); 'digest' is the SHA-256 of the tree's JSON as sent.
CREATE TABLE command_sync (
    target    TEXT PRIMARY KEY,
    digest    TEXT NOT NULL,
    synced_at TEXT NOT NULL
);
