-- Web admin: curators, their server-side sessions, and named ordered sets
-- of puzzles. Numbered from 100 so it never collides with the library's
-- own migrations. set_items.puzzle_id names a puzzle id; it is not a foreign
-- key so the sets do not depend on the library table's name.

-- +goose Up
CREATE TABLE users (
    id       INTEGER PRIMARY KEY,
    name     TEXT NOT NULL UNIQUE,
    hash     TEXT NOT NULL,
    created  INTEGER NOT NULL
);

CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    expires    INTEGER NOT NULL
);
CREATE INDEX sessions_expires ON sessions(expires);

CREATE TABLE sets (
    id       INTEGER PRIMARY KEY,
    name     TEXT NOT NULL UNIQUE,
    notes    TEXT NOT NULL DEFAULT '',
    created  INTEGER NOT NULL,
    updated  INTEGER NOT NULL
);

CREATE TABLE set_items (
    set_id    INTEGER NOT NULL REFERENCES sets(id) ON DELETE CASCADE,
    puzzle_id INTEGER NOT NULL,
    pos       INTEGER NOT NULL,
    PRIMARY KEY (set_id, puzzle_id)
);
CREATE INDEX set_items_pos ON set_items(set_id, pos);

-- +goose Down
DROP TABLE set_items;
DROP TABLE sets;
DROP TABLE sessions;
DROP TABLE users;
