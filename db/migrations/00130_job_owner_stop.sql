-- Who started each job (the audit log's actor: a user of the site, or
-- cli:NAME), so the site lets only them or an admin cancel it; and, for
-- a job stopped before its end, how: 'cancelled' (by a user),
-- 'interrupted' (the server shut down) or 'stopped' (a limit, such as
-- a generator run's time limit), its reason in failed. A run cut short
-- was recorded as done before this.

-- +goose Up
ALTER TABLE jobs ADD COLUMN owner TEXT NOT NULL DEFAULT '';
ALTER TABLE jobs ADD COLUMN stopped TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE jobs DROP COLUMN stopped;
ALTER TABLE jobs DROP COLUMN owner;
