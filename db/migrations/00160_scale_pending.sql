-- The rating queue (library.RateQueue, docs/LIBRARY.md "The rating
-- queue"): an import stores every puzzle at the speed of its solution,
-- status, rank, score and profile, and leaves the slower scales a kind
-- declares (engine.SecondRater's) pending for a queue that rates them
-- afterwards: serve's background worker, `pencilbox rate-queue`, or any
-- job runner through `export --KEY pending` and `import --ratings`.
--
-- Pending is explicit, per puzzle and scale, never a number: on a row
-- of a kind that has a second rater, scale_rated = 0 says that each of
-- its declared scales (its slots scale1..scale3 and scale_note: one
-- rating fills them together, so the one flag says it for each) waits
-- for the queue, and its slots are NULL; scale_rated = 1 says the rater
-- has seen it: its figures are in the slots, or there are none (not
-- unique, the rater gave up). Pages, filters (KEY=pending), exports and
-- recipes read "pending" from the flag; no figure, 0 included, stands
-- for it. A kind without a second rater keeps 0 and has nothing
-- pending: pending is counted over the kinds that declare the scale.
--
-- A row without a unique solution has nothing to rate (the rater marks
-- it rated without figures): such rows are marked so here, as the import
-- now marks them when it stores them, so that the flag's rows are the
-- queue's work and every count of pending (dashboard, list, CLI, the
-- queue's "N of M") is what the queue has left to rate. The queue walks
-- them in id order on puzzles_scale_todo (migration 00010), which the
-- pending filter and counts read too.

-- +goose Up
UPDATE puzzles SET scale_rated = 1 WHERE scale_rated = 0 AND status <> 1;

-- +goose Down
-- Nothing to undo: a row without a unique solution marked rated holds
-- what the rater gives it.
SELECT 1;
