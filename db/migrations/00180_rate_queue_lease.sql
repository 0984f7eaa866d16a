-- The rating queue's lease (library.RateQueue, docs/LIBRARY.md "The
-- rating queue"): which process works the queue of this library, so that
-- at most one does at a time. Without it, `pencilbox rate-queue` started
-- beside a running `serve` (or two of either) rated the same pending
-- puzzles twice, both passes' "N of M" were wrong and the kept pass of
-- one was overwritten by the other's. One row, id 1, while a pass runs:
-- what holds it (holder: "serve" or "rate-queue"), its pid and host, a
-- token of its own (random; two holders in one process differ), when it
-- took it (since) and when it lapses unless renewed (expires), both in
-- unix milliseconds. The holder renews it while its pass runs
-- (library.QueueLeaseRenew) and deletes it at the pass's end; a holder
-- killed leaves the row, which another takes over once expires is past
-- (library.QueueLeaseExpiry). No row = free.

-- +goose Up
CREATE TABLE rate_queue_lease (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    holder  TEXT    NOT NULL,
    pid     INTEGER NOT NULL,
    host    TEXT    NOT NULL,
    token   TEXT    NOT NULL,
    since   INTEGER NOT NULL,
    expires INTEGER NOT NULL
);

-- +goose Down
DROP TABLE rate_queue_lease;
