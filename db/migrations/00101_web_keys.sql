-- The web admin's server secrets: the key its CSRF tokens are derived
-- with (an HMAC of the session), kept here so that tokens outlive a
-- restart exactly as the sessions do.

-- +goose Up
CREATE TABLE web_keys (
    name  TEXT PRIMARY KEY,
    value BLOB NOT NULL
);

-- +goose Down
DROP TABLE web_keys;
