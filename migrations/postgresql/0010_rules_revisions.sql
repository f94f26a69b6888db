-- Strategos schema, version 10, in PostgreSQL's form (see ../0010_rules_revisions.sql):
-- games without a "revision" in their options (or with null there) get revision 1.
UPDATE games SET options = (options::jsonb || '{"revision": 1}'::jsonb)::text
WHERE COALESCE(options::jsonb -> 'revision', 'null'::jsonb) = 'null'::jsonb;
