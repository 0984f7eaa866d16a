-- Each other sort order within one second rating (ER): a filter on an ER
-- range sorted by score, clues or date merges one ordered walk per ER
-- value (tenths; db/second.go, erMergeQuery) instead of walking the whole
-- sort index past the other ratings ("ER 1.5-2.0 by score, highest
-- first" passed every harder puzzle first: 0.5 s on 10^6). Only kinds
-- with a second rating have one, so these need no kind.

-- +goose Up
CREATE INDEX puzzles_er_score   ON puzzles(coalesce(er, 0), score, id);
CREATE INDEX puzzles_er_clues   ON puzzles(coalesce(er, 0), clues, id);
CREATE INDEX puzzles_er_created ON puzzles(coalesce(er, 0), created, id);

-- +goose Down
DROP INDEX puzzles_er_score;
DROP INDEX puzzles_er_clues;
DROP INDEX puzzles_er_created;
