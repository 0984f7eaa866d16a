-- The size filter (issue 33: size=10x10, --size 10x10-15x15) bounds the
-- board's width and height: a kind's puzzles of a size are read from this
-- index rather than from every row of the kind (docs/LIBRARY.md).

-- +goose Up
CREATE INDEX puzzles_size ON puzzles(kind, width, height);

-- +goose Down
DROP INDEX puzzles_size;
