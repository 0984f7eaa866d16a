-- A publication may print its puzzles as random images of themselves
-- (issue 33: 17-clue Sudokus in their minlex form look alike day after
-- day). The number that chose the images is kept with the publication,
-- so a reprint and the solutions show the very same images; 0 prints the
-- puzzles as stored. Stored as SQLite's signed 64 bits, read back as the
-- same unsigned number.

-- +goose Up
ALTER TABLE publications ADD COLUMN image INTEGER NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE publications DROP COLUMN image;
