-- The terms of the text-search index, for expanding a prefix word into the
-- exact terms it stands for (db/planner.go, exactTerms): a big search is
-- probed per row, and FTS5 seeks exact terms but merges every doclist of
-- a prefix at each probe.

-- +goose Up
CREATE VIRTUAL TABLE search_vocab USING fts5vocab(search, row);

-- +goose Down
DROP TABLE search_vocab;
