-- Text search over each puzzle's note, source labels and files, and tags:
-- one FTS5 row per puzzle (rowid = puzzles.id), kept by the db package.

-- +goose Up
CREATE VIRTUAL TABLE search USING fts5(body, tokenize = 'unicode61');
INSERT INTO search(rowid, body)
SELECT p.id, p.note
    || ' ' || coalesce((SELECT group_concat(s.label || ' ' || s.file, ' ') FROM sources s WHERE s.puzzle_id = p.id), '')
    || ' ' || coalesce((SELECT group_concat(t.tag, ' ') FROM tags t WHERE t.puzzle_id = p.id), '')
FROM puzzles p;

-- +goose Down
DROP TABLE search;
