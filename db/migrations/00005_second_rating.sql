-- A second difficulty scale beside the ladder's rank, for kinds that have
-- one (engine.SecondRater; Sudoku: Sudoku Explainer's ER, EP, ED and the
-- hardest technique). NULL where there is none: not unique, a kind
-- without the scale, the rater gave up. er_rated says the row has been
-- through the rater (or its kind has none): an upgraded library's rows
-- start at 0 and are filled in the background (library.FillSecond),
-- walking the partial index, which empties as they are done.

-- +goose Up
ALTER TABLE puzzles ADD COLUMN er REAL;
ALTER TABLE puzzles ADD COLUMN ep REAL;
ALTER TABLE puzzles ADD COLUMN ed REAL;
ALTER TABLE puzzles ADD COLUMN er_technique TEXT;
ALTER TABLE puzzles ADD COLUMN er_rated INTEGER NOT NULL DEFAULT 0;
CREATE INDEX puzzles_er_todo ON puzzles(kind, id) WHERE er_rated = 0;

-- +goose Down
DROP INDEX puzzles_er_todo;
ALTER TABLE puzzles DROP COLUMN er_rated;
ALTER TABLE puzzles DROP COLUMN er_technique;
ALTER TABLE puzzles DROP COLUMN ed;
ALTER TABLE puzzles DROP COLUMN ep;
ALTER TABLE puzzles DROP COLUMN er;
