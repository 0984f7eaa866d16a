-- Set ids are never reused (issue 28): the audit log, publications and
-- set_undo keep a set's id after it is deleted, and a plain INTEGER
-- PRIMARY KEY gives the next set the largest id plus one, so deleting
-- the newest set handed its id, and its old audit rows, to the next one.
-- AUTOINCREMENT needs the table rebuilt: the rows are copied with their
-- ids, and the sequence starts past every id a set ever had (in sets, in
-- the audit log, in publications, in set_undo), so a set deleted before
-- this migration does not give its id away either.
--
-- All in goose's one transaction, with foreign keys on (a transaction
-- cannot switch them off): dropping the old table deletes set_items and
-- set_undo rows by their ON DELETE CASCADE, so they are kept aside in
-- temporary tables and put back once the new table has the old name
-- (their REFERENCES name "sets", which it then is). The first statement
-- fails (json() of a sentence) when sets is already rebuilt: a second
-- program that found this migration pending while another ran it stops
-- there, changing nothing, instead of rebuilding the table again.

-- +goose Up
SELECT json(CASE WHEN (SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = 'sets') LIKE '%AUTOINCREMENT%'
    THEN 'migration 00121: sets is already rebuilt' ELSE '0' END);
CREATE TEMP TABLE keep_set_items AS SELECT set_id, puzzle_id, pos FROM set_items;
CREATE TEMP TABLE keep_set_undo AS SELECT set_id, ids, detail FROM set_undo;
CREATE TABLE sets_autoincrement (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    name     TEXT NOT NULL UNIQUE,
    notes    TEXT NOT NULL DEFAULT '',
    created  INTEGER NOT NULL,
    updated  INTEGER NOT NULL
);
INSERT INTO sets_autoincrement(id, name, notes, created, updated) SELECT id, name, notes, created, updated FROM sets ORDER BY id;
DROP TABLE sets;
ALTER TABLE sets_autoincrement RENAME TO sets;
INSERT INTO set_items(set_id, puzzle_id, pos) SELECT set_id, puzzle_id, pos FROM temp.keep_set_items;
INSERT INTO set_undo(set_id, ids, detail) SELECT set_id, ids, detail FROM temp.keep_set_undo;
DROP TABLE temp.keep_set_items;
DROP TABLE temp.keep_set_undo;
DELETE FROM sqlite_sequence WHERE name = 'sets';
INSERT INTO sqlite_sequence(name, seq) SELECT 'sets', max(
    coalesce((SELECT max(id) FROM sets), 0),
    coalesce((SELECT max(set_id) FROM audit), 0),
    coalesce((SELECT max(set_id) FROM publications), 0),
    coalesce((SELECT max(set_id) FROM set_undo), 0));

-- +goose Down
CREATE TEMP TABLE keep_set_items AS SELECT set_id, puzzle_id, pos FROM set_items;
CREATE TEMP TABLE keep_set_undo AS SELECT set_id, ids, detail FROM set_undo;
CREATE TABLE sets_plain (
    id       INTEGER PRIMARY KEY,
    name     TEXT NOT NULL UNIQUE,
    notes    TEXT NOT NULL DEFAULT '',
    created  INTEGER NOT NULL,
    updated  INTEGER NOT NULL
);
INSERT INTO sets_plain(id, name, notes, created, updated) SELECT id, name, notes, created, updated FROM sets ORDER BY id;
DROP TABLE sets;
ALTER TABLE sets_plain RENAME TO sets;
INSERT INTO set_items(set_id, puzzle_id, pos) SELECT set_id, puzzle_id, pos FROM temp.keep_set_items;
INSERT INTO set_undo(set_id, ids, detail) SELECT set_id, ids, detail FROM temp.keep_set_undo;
DROP TABLE temp.keep_set_items;
DROP TABLE temp.keep_set_undo;
