-- The puzzle library: puzzles with their analysis, technique profiles,
-- sources, tags and import jobs. Library migrations use 00001-00099; the
-- web admin's start at 00100.

-- +goose Up
CREATE TABLE puzzles (
    id         INTEGER PRIMARY KEY,
    kind       TEXT    NOT NULL,
    givens     TEXT    NOT NULL,
    canonical  TEXT    NOT NULL,
    status     INTEGER NOT NULL,           -- engine.Status
    solution   TEXT    NOT NULL DEFAULT '',
    rank       INTEGER NOT NULL DEFAULT 0,
    score      REAL    NOT NULL DEFAULT 0,
    hypothesis INTEGER NOT NULL DEFAULT 0, -- engine.Tri
    clues      INTEGER NOT NULL,
    width      INTEGER NOT NULL,
    height     INTEGER NOT NULL,
    note       TEXT    NOT NULL DEFAULT '',
    meta       TEXT    NOT NULL DEFAULT '{}',
    profile    TEXT    NOT NULL DEFAULT '',  -- engine.ProfileString, ladder order
    created    INTEGER NOT NULL,           -- unix seconds
    UNIQUE (kind, canonical)
);
CREATE INDEX puzzles_rank    ON puzzles(kind, rank, id);
CREATE INDEX puzzles_score   ON puzzles(kind, score, id);
CREATE INDEX puzzles_clues   ON puzzles(kind, clues, id);
CREATE INDEX puzzles_created ON puzzles(kind, created, id);
-- the same orders across kinds (the list's default shows every kind)
CREATE INDEX puzzles_rank_all  ON puzzles(rank, id);
CREATE INDEX puzzles_score_all ON puzzles(score, id);
CREATE INDEX puzzles_clues_all ON puzzles(clues, id);
CREATE INDEX puzzles_created_all ON puzzles(created, id);
CREATE INDEX puzzles_status  ON puzzles(status, kind, rank);
CREATE INDEX puzzles_hyp     ON puzzles(hypothesis, kind, rank) WHERE hypothesis <> 0;

CREATE TABLE profile (
    puzzle_id INTEGER NOT NULL REFERENCES puzzles(id) ON DELETE CASCADE,
    technique TEXT    NOT NULL,
    count     INTEGER NOT NULL,
    PRIMARY KEY (puzzle_id, technique)
) WITHOUT ROWID;
CREATE INDEX profile_technique ON profile(technique, count, puzzle_id);

CREATE TABLE jobs (
    id         INTEGER PRIMARY KEY,
    source     TEXT    NOT NULL DEFAULT '',
    format     TEXT    NOT NULL DEFAULT '',
    files      TEXT    NOT NULL DEFAULT '[]',
    started    INTEGER NOT NULL,
    updated    INTEGER NOT NULL,
    finished   INTEGER,                    -- NULL while running or after a crash
    failed     TEXT    NOT NULL DEFAULT '',
    read       INTEGER NOT NULL DEFAULT 0,
    imported   INTEGER NOT NULL DEFAULT 0,
    duplicates INTEGER NOT NULL DEFAULT 0,
    invalid    INTEGER NOT NULL DEFAULT 0,
    rejected   INTEGER NOT NULL DEFAULT 0,
    pid        INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE job_errors (
    job_id INTEGER NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
    seq    INTEGER NOT NULL,
    file   TEXT    NOT NULL,
    line   INTEGER NOT NULL,
    msg    TEXT    NOT NULL,
    PRIMARY KEY (job_id, seq)
);

CREATE TABLE sources (
    id        INTEGER PRIMARY KEY,
    puzzle_id INTEGER NOT NULL REFERENCES puzzles(id) ON DELETE CASCADE,
    label     TEXT    NOT NULL,
    file      TEXT    NOT NULL,
    line      INTEGER NOT NULL,
    text      TEXT    NOT NULL,
    job_id    INTEGER REFERENCES jobs(id) ON DELETE SET NULL,
    created   INTEGER NOT NULL,
    UNIQUE (puzzle_id, label, file, line)
);
CREATE INDEX sources_label ON sources(label, puzzle_id);

CREATE TABLE tags (
    puzzle_id INTEGER NOT NULL REFERENCES puzzles(id) ON DELETE CASCADE,
    tag       TEXT    NOT NULL,
    PRIMARY KEY (puzzle_id, tag)
) WITHOUT ROWID;
CREATE INDEX tags_tag ON tags(tag, puzzle_id);

-- +goose Down
DROP TABLE tags;
DROP TABLE sources;
DROP TABLE job_errors;
DROP TABLE jobs;
DROP TABLE profile;
DROP TABLE puzzles;
