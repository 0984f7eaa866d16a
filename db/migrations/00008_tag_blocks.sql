-- How many puzzles, and how many carrying each tag, each block of 64 ids
-- holds (block = id >> 6), kept by triggers. Excluding a tag nearly every
-- puzzle carries (tag=-synth on a library of one import) leaves few
-- puzzles, and finding them by a seek per puzzle walked all 10^6 (1.4 s);
-- the blocks where the two counts differ are the only ones holding a
-- puzzle without the tag, so the list reads just those
-- (db/planner_except.go). The counts are exact because tags rows belong
-- to existing puzzles (foreign key, ON DELETE CASCADE).

-- +goose Up
CREATE TABLE puzzle_blocks (
    block INTEGER PRIMARY KEY,
    n     INTEGER NOT NULL
);
CREATE TABLE tag_blocks (
    tag   TEXT    NOT NULL,
    block INTEGER NOT NULL,
    n     INTEGER NOT NULL,
    PRIMARY KEY (tag, block)
) WITHOUT ROWID;

INSERT INTO puzzle_blocks(block, n) SELECT id >> 6, count(*) FROM puzzles GROUP BY id >> 6;
INSERT INTO tag_blocks(tag, block, n) SELECT tag, puzzle_id >> 6, count(*) FROM tags GROUP BY tag, puzzle_id >> 6;

-- +goose StatementBegin
CREATE TRIGGER puzzle_blocks_insert AFTER INSERT ON puzzles BEGIN
    INSERT INTO puzzle_blocks(block, n) VALUES (new.id >> 6, 1)
        ON CONFLICT(block) DO UPDATE SET n = n + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER puzzle_blocks_delete AFTER DELETE ON puzzles BEGIN
    UPDATE puzzle_blocks SET n = n - 1 WHERE block = old.id >> 6;
    DELETE FROM puzzle_blocks WHERE block = old.id >> 6 AND n <= 0;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER puzzle_blocks_update AFTER UPDATE OF id ON puzzles WHEN new.id >> 6 <> old.id >> 6 BEGIN
    UPDATE puzzle_blocks SET n = n - 1 WHERE block = old.id >> 6;
    DELETE FROM puzzle_blocks WHERE block = old.id >> 6 AND n <= 0;
    INSERT INTO puzzle_blocks(block, n) VALUES (new.id >> 6, 1)
        ON CONFLICT(block) DO UPDATE SET n = n + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER tag_blocks_insert AFTER INSERT ON tags BEGIN
    INSERT INTO tag_blocks(tag, block, n) VALUES (new.tag, new.puzzle_id >> 6, 1)
        ON CONFLICT(tag, block) DO UPDATE SET n = n + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER tag_blocks_delete AFTER DELETE ON tags BEGIN
    UPDATE tag_blocks SET n = n - 1 WHERE tag = old.tag AND block = old.puzzle_id >> 6;
    DELETE FROM tag_blocks WHERE tag = old.tag AND block = old.puzzle_id >> 6 AND n <= 0;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER tag_blocks_update AFTER UPDATE ON tags BEGIN
    UPDATE tag_blocks SET n = n - 1 WHERE tag = old.tag AND block = old.puzzle_id >> 6;
    DELETE FROM tag_blocks WHERE tag = old.tag AND block = old.puzzle_id >> 6 AND n <= 0;
    INSERT INTO tag_blocks(tag, block, n) VALUES (new.tag, new.puzzle_id >> 6, 1)
        ON CONFLICT(tag, block) DO UPDATE SET n = n + 1;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER tag_blocks_update;
DROP TRIGGER tag_blocks_delete;
DROP TRIGGER tag_blocks_insert;
DROP TRIGGER puzzle_blocks_update;
DROP TRIGGER puzzle_blocks_delete;
DROP TRIGGER puzzle_blocks_insert;
DROP TABLE tag_blocks;
DROP TABLE puzzle_blocks;
