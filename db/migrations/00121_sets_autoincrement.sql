-- Set ids are never reused (issue 28): the audit log, publications and
-- set_undo keep a set's id after it is deleted, and a plain INTEGER
-- PRIMARY KEY gives the next set the largest id plus one, so deleting
-- the newest set handed its id, and its old audit rows, to the next one.
-- AUTOINCREMENT needs the table rebuilt: the rows are copied with their
-- ids, and the sequence starts past every id a set ever had (in sets, in
-- the audit log, in publications, in set_undo), so a set deleted before
-- this migration does not give its id away either.
--
-- Dropping the old table with foreign keys on would delete set_items and
-- set_undo rows by their ON DELETE CASCADE: the rebuild runs with them off
-- (which a transaction cannot switch: hence NO TRANSACTION and its own
-- BEGIN IMMEDIATE ... COMMIT). set_items and set_undo name the table
-- "sets", which the new table is renamed to, so their keys hold as they
-- were. Run twice (a process killed before goose recorded it), it gives
-- the same table.

-- +goose NO TRANSACTION
-- +goose Up
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;
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
DELETE FROM sqlite_sequence WHERE name = 'sets';
INSERT INTO sqlite_sequence(name, seq) SELECT 'sets', max(
    coalesce((SELECT max(id) FROM sets), 0),
    coalesce((SELECT max(set_id) FROM audit), 0),
    coalesce((SELECT max(set_id) FROM publications), 0),
    coalesce((SELECT max(set_id) FROM set_undo), 0));
COMMIT;
PRAGMA foreign_keys = ON;

-- +goose Down
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;
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
COMMIT;
PRAGMA foreign_keys = ON;
