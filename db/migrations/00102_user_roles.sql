-- Roles of the web admin's users: admin (users, everything), editor
-- (import, tags, sets, publications, generate), viewer (read, export).
-- Users from before roles were all able to do everything: they become
-- admins, so an upgrade takes no one's rights away.

-- +goose Up
ALTER TABLE users ADD COLUMN role TEXT NOT NULL DEFAULT 'admin' CHECK (role IN ('admin', 'editor', 'viewer'));

-- +goose Down
ALTER TABLE users DROP COLUMN role;
