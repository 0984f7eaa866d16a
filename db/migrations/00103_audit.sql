-- The audit log: who changed what and when (imports, generator runs, tag
-- edits, set changes, publications, user changes). Each row is written in
-- the transaction of the change it records, so the log and the library
-- never disagree. actor is a user name (or "cli:NAME" for the command
-- line), kept as text so the log outlives the user. audit_puzzles links a
-- row to the puzzles it touched (a tag edit, a set change); an import's
-- puzzles are found through their sources' job_id.

-- +goose Up
CREATE TABLE audit (
    id      INTEGER PRIMARY KEY,
    at      INTEGER NOT NULL,
    actor   TEXT NOT NULL,
    action  TEXT NOT NULL,
    set_id  INTEGER,
    job_id  INTEGER,
    detail  TEXT NOT NULL DEFAULT ''
);
CREATE INDEX audit_actor ON audit(actor, id);
CREATE INDEX audit_job ON audit(job_id) WHERE job_id IS NOT NULL;

CREATE TABLE audit_puzzles (
    puzzle_id INTEGER NOT NULL,
    audit_id  INTEGER NOT NULL REFERENCES audit(id) ON DELETE CASCADE,
    PRIMARY KEY (puzzle_id, audit_id)
) WITHOUT ROWID;

-- +goose Down
DROP TABLE audit_puzzles;
DROP TABLE audit;
