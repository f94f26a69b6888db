-- Strategos schema, version 8: reminders, quiet hours and vacations that each player sets.
-- reminder_hours: a JSON list of hours before a deadline at which the player is reminded
-- (NULL: once, at half time, as before). time_zone: an IANA name (NULL: UTC). quiet_start
-- and quiet_end: local hours (0-23) between which no direct message is sent to the player
-- (NULL: none); a message due then waits in held_dms. vacation_from/vacation_until: while
-- on vacation the player's turn timers do not run out, within each server's limit.
ALTER TABLE user_settings ADD COLUMN reminder_hours TEXT;
ALTER TABLE user_settings ADD COLUMN time_zone TEXT;
ALTER TABLE user_settings ADD COLUMN quiet_start INTEGER CHECK (quiet_start BETWEEN 0 AND 23);
ALTER TABLE user_settings ADD COLUMN quiet_end INTEGER CHECK (quiet_end BETWEEN 0 AND 23);
ALTER TABLE user_settings ADD COLUMN vacation_from TEXT;
ALTER TABLE user_settings ADD COLUMN vacation_until TEXT;

-- The longest vacation a server allows, in days (NULL: the default; 0: no vacations).
ALTER TABLE guild_settings ADD COLUMN vacation_days REAL;

-- Reminders already sent at a player's own hours, so that each is sent once per deadline.
CREATE TABLE sent_reminders (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id  INTEGER NOT NULL,
    deadline TEXT    NOT NULL,
    hours    REAL    NOT NULL,
    PRIMARY KEY (game_id, user_id, deadline, hours)
);

-- Direct messages held back by a player's quiet hours, sent when they end (if still due).
CREATE TABLE held_dms (
    id      INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    text    TEXT    NOT NULL,
    due_at  TEXT    NOT NULL
);
CREATE INDEX held_dms_by_due ON held_dms (due_at);
