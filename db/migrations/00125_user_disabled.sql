-- A disabled user cannot log in and has no session; the row, the name
-- and the audit log's mentions stay, so an admin can enable the user
-- again (delete removes the row).

-- +goose Up
ALTER TABLE users ADD COLUMN disabled INTEGER NOT NULL DEFAULT 0 CHECK (disabled IN (0, 1));

-- +goose Down
ALTER TABLE users DROP COLUMN disabled;
