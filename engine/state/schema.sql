-- duckportal state store: what the server itself writes while it serves, kept in a small
-- DuckDB file beside the (read-only) study store: users and their authorities (cBioPortal's
-- `users` and `authorities` tables), data access tokens of the uuid method and virtual studies.
-- Every statement is idempotent: the schema is applied each time the file is opened for writing.

CREATE TABLE IF NOT EXISTS users (
  email   VARCHAR PRIMARY KEY,             -- the user name (cBioPortal keys users by e-mail)
  name    VARCHAR,
  enabled BOOLEAN NOT NULL DEFAULT true    -- a disabled user has no authorities
);

-- What a user may read: `<app>:<studyId>`, `<app>:ALL`, `<app>:<group>` (app.name, default cbioportal).
CREATE TABLE IF NOT EXISTS authorities (
  email     VARCHAR NOT NULL,
  authority VARCHAR NOT NULL,
  PRIMARY KEY (email, authority)
);

-- Data access tokens of dat.method=uuid (seed.md section 2).
CREATE TABLE IF NOT EXISTS data_access_tokens (
  token      VARCHAR(50) PRIMARY KEY,
  username   VARCHAR(255) NOT NULL,
  expiration TIMESTAMP NOT NULL,         -- UTC
  creation   TIMESTAMP                   -- UTC
);

-- Virtual studies (api.md 27): `data` is the VirtualStudyData JSON as sent; a published one is
-- readable by everybody (cBioPortal's users contain "*").
CREATE TABLE IF NOT EXISTS virtual_study (
  id        VARCHAR PRIMARY KEY,
  owner     VARCHAR NOT NULL,
  data      VARCHAR NOT NULL,
  published BOOLEAN NOT NULL DEFAULT false,
  created   TIMESTAMP NOT NULL
);

-- The state's generation: every write bumps it in its own transaction (state-store.ts says how
-- readers learn of it). One row.
CREATE TABLE IF NOT EXISTS generation (generation BIGINT NOT NULL);
INSERT INTO generation SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM generation);
