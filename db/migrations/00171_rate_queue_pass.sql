-- The rating queue's pass, kept in the library (library.RateQueue,
-- docs/LIBRARY.md "The rating queue"): one row per kind with a queued
-- scale, its total (what was pending when the pass began, plus what
-- imports queued since) and how many of them the pass rated, updated
-- with each stored part of a batch. A server killed or restarted
-- mid-pass goes on with the same pass: its pages say "ER: 12,400 of
-- 48,765", not "ER: 0 of 36,365", and "rating since" the pass's first
-- start. The rows are removed when the pass finds nothing pending.

-- +goose Up
CREATE TABLE rate_queue_pass (
    kind    TEXT    PRIMARY KEY,
    total   INTEGER NOT NULL,
    done    INTEGER NOT NULL,
    started INTEGER NOT NULL -- unix seconds: the pass's first start
) WITHOUT ROWID;

-- +goose Down
DROP TABLE rate_queue_pass;
