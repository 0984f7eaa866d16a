-- The list's walks by the second rating (db/second.go, erKey): sorted by
-- ER, filtered by an ER range, and sorted by ER inside a rank range (the
-- per-rank merge, as migration 00003 does for the other sorts). A puzzle
-- without a rating counts as 0, so no walk meets a NULL.

-- +goose Up
CREATE INDEX puzzles_er           ON puzzles(kind, coalesce(er, 0), id);
CREATE INDEX puzzles_er_all       ON puzzles(coalesce(er, 0), id);
CREATE INDEX puzzles_rank_er      ON puzzles(kind, rank, coalesce(er, 0), id);
CREATE INDEX puzzles_rank_er_all  ON puzzles(rank, coalesce(er, 0), id);

-- +goose Down
DROP INDEX puzzles_er;
DROP INDEX puzzles_er_all;
DROP INDEX puzzles_rank_er;
DROP INDEX puzzles_rank_er_all;
