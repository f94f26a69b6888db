-- Strategos schema, version 3: the version at which each role's current prompt appeared.
-- JSON {role: version}. A click carrying version v for a role is still current when the
-- role's prompt has not changed since v (another player's secret choice in a simultaneous
-- round does not make everyone else's buttons stale). NULL: every prompt is as old as the
-- game's version.
ALTER TABLE games ADD COLUMN prompt_versions TEXT;
