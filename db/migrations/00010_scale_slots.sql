-- A kind's second rating and its verdict in kind-neutral slots, so the
-- schema names no kind's scale (docs/LIBRARY.md, "Scales and verdicts"):
-- each kind declares its scales and verdict (engine.Scale,
-- engine.Verdict) and the order of its declaration maps each to a slot.
-- Sudoku's ER, EP, ED, hardest technique and hypothesis verdict were
-- stored as er, ep, ed, er_technique and hypothesis: they become scale1,
-- scale2, scale3, scale_note and verdict1, and er_rated scale_rated. A
-- rename keeps every value where it is (no row is rewritten); the
-- indexes on those columns are made again under the slots' names (the
-- same columns, expressions and partial conditions), so the list's walks
-- are the ones it had.

-- +goose Up
ALTER TABLE puzzles RENAME COLUMN er TO scale1;
ALTER TABLE puzzles RENAME COLUMN ep TO scale2;
ALTER TABLE puzzles RENAME COLUMN ed TO scale3;
ALTER TABLE puzzles RENAME COLUMN er_technique TO scale_note;
ALTER TABLE puzzles RENAME COLUMN er_rated TO scale_rated;
ALTER TABLE puzzles RENAME COLUMN hypothesis TO verdict1;

DROP INDEX puzzles_er_todo;
DROP INDEX puzzles_er;
DROP INDEX puzzles_er_all;
DROP INDEX puzzles_rank_er;
DROP INDEX puzzles_rank_er_all;
DROP INDEX puzzles_er_score;
DROP INDEX puzzles_er_clues;
DROP INDEX puzzles_er_created;
DROP INDEX puzzles_hyp;

CREATE INDEX puzzles_scale_todo     ON puzzles(kind, id) WHERE scale_rated = 0;
CREATE INDEX puzzles_scale          ON puzzles(kind, coalesce(scale1, 0), id);
CREATE INDEX puzzles_scale_all      ON puzzles(coalesce(scale1, 0), id);
CREATE INDEX puzzles_rank_scale     ON puzzles(kind, rank, coalesce(scale1, 0), id);
CREATE INDEX puzzles_rank_scale_all ON puzzles(rank, coalesce(scale1, 0), id);
CREATE INDEX puzzles_scale_score    ON puzzles(coalesce(scale1, 0), score, id);
CREATE INDEX puzzles_scale_clues    ON puzzles(coalesce(scale1, 0), clues, id);
CREATE INDEX puzzles_scale_created  ON puzzles(coalesce(scale1, 0), created, id);
CREATE INDEX puzzles_verdict        ON puzzles(verdict1, kind, rank) WHERE verdict1 <> 0;

-- +goose Down
DROP INDEX puzzles_verdict;
DROP INDEX puzzles_scale_created;
DROP INDEX puzzles_scale_clues;
DROP INDEX puzzles_scale_score;
DROP INDEX puzzles_rank_scale_all;
DROP INDEX puzzles_rank_scale;
DROP INDEX puzzles_scale_all;
DROP INDEX puzzles_scale;
DROP INDEX puzzles_scale_todo;

ALTER TABLE puzzles RENAME COLUMN verdict1 TO hypothesis;
ALTER TABLE puzzles RENAME COLUMN scale_rated TO er_rated;
ALTER TABLE puzzles RENAME COLUMN scale_note TO er_technique;
ALTER TABLE puzzles RENAME COLUMN scale3 TO ed;
ALTER TABLE puzzles RENAME COLUMN scale2 TO ep;
ALTER TABLE puzzles RENAME COLUMN scale1 TO er;

CREATE INDEX puzzles_er_todo ON puzzles(kind, id) WHERE er_rated = 0;
CREATE INDEX puzzles_er           ON puzzles(kind, coalesce(er, 0), id);
CREATE INDEX puzzles_er_all       ON puzzles(coalesce(er, 0), id);
CREATE INDEX puzzles_rank_er      ON puzzles(kind, rank, coalesce(er, 0), id);
CREATE INDEX puzzles_rank_er_all  ON puzzles(rank, coalesce(er, 0), id);
CREATE INDEX puzzles_er_score   ON puzzles(coalesce(er, 0), score, id);
CREATE INDEX puzzles_er_clues   ON puzzles(coalesce(er, 0), clues, id);
CREATE INDEX puzzles_er_created ON puzzles(coalesce(er, 0), created, id);
CREATE INDEX puzzles_hyp     ON puzzles(hypothesis, kind, rank) WHERE hypothesis <> 0;
