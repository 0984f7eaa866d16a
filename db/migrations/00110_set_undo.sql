-- The order of each set before its last change (add, remove, move,
-- reorder), so the web's Undo can put it back: one step per set, written
-- in the change's own transaction. ids is a JSON array of puzzle ids.

-- +goose Up
CREATE TABLE set_undo (
    set_id INTEGER PRIMARY KEY REFERENCES sets(id) ON DELETE CASCADE,
    ids    TEXT NOT NULL,
    detail TEXT NOT NULL
);

-- +goose Down
DROP TABLE set_undo;
