-- Merge the text-search index into one segment. A library imported before
-- every import did so (library.Import) may hold a big segment and the
-- small ones of later imports and edits; a search probed per row (a word
-- in most puzzles, numbered pages by another order) opens every segment at
-- each probe, and beside a second segment FTS5 re-prepares its segment
-- lookup at each (docs/BENCHMARKS.md, Library list filters). A no-op on
-- an index of one segment.

-- +goose Up
INSERT INTO search(search) VALUES ('optimize');

-- +goose Down
SELECT 1;
