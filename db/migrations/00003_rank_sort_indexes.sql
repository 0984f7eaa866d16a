-- Each sort order within one rank: a filter on a rank range sorted by score,
-- clues or date merges one ordered walk per rank (db/planner.go, pageQuery)
-- instead of walking the whole sort index past the other ranks (score grows
-- with rank, so "rank 1-2 by score, highest first" passed every harder
-- puzzle first).

-- +goose Up
CREATE INDEX puzzles_rank_score   ON puzzles(kind, rank, score, id);
CREATE INDEX puzzles_rank_clues   ON puzzles(kind, rank, clues, id);
CREATE INDEX puzzles_rank_created ON puzzles(kind, rank, created, id);
CREATE INDEX puzzles_rank_score_all   ON puzzles(rank, score, id);
CREATE INDEX puzzles_rank_clues_all   ON puzzles(rank, clues, id);
CREATE INDEX puzzles_rank_created_all ON puzzles(rank, created, id);

-- +goose Down
DROP INDEX puzzles_rank_score;
DROP INDEX puzzles_rank_clues;
DROP INDEX puzzles_rank_created;
DROP INDEX puzzles_rank_score_all;
DROP INDEX puzzles_rank_clues_all;
DROP INDEX puzzles_rank_created_all;
