-- The address a web request that wrote an audit row came from (the
-- client's, as the server's forwarded rule finds it: the connection's, or
-- behind a trusted proxy the rightmost untrusted X-Forwarded-For hop).
-- Rows of the command line and of the server's own work have ''.

-- +goose Up
ALTER TABLE audit ADD COLUMN client TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE audit DROP COLUMN client;
