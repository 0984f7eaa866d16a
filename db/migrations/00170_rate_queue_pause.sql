-- The rating queue's pause (library.RateQueue, docs/LIBRARY.md "The
-- rating queue"), kept in the library so that it survives a restart of
-- serve: an editor who cancels the queue (to give the machine back, or
-- before a big import) finds it still paused after the server is
-- restarted, until someone resumes it; a queue that was not paused
-- resumes by itself at the next start (pending is a flag per puzzle:
-- migration 00160). One row, id 1: paused (0 or 1), who changed it
-- last (the audit log's actor) and when (unix seconds). No row = never
-- paused.

-- +goose Up
CREATE TABLE rate_queue (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    paused  INTEGER NOT NULL DEFAULT 0 CHECK (paused IN (0, 1)),
    actor   TEXT    NOT NULL DEFAULT '',
    changed INTEGER NOT NULL DEFAULT 0
);

-- +goose Down
DROP TABLE rate_queue;
