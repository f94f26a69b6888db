-- Strategos schema, version 10: every game names the rules revision it plays under.
-- A game's options gain "revision" (engine GameOptions.revision): games made before
-- revisions existed play under revision 1, the rules they started with, so their action
-- logs keep replaying exactly; games made from now on store the newest revision.
UPDATE games SET options = json_set(options, '$.revision', 1)
WHERE json_extract(options, '$.revision') IS NULL;
