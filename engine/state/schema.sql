-- duckportal state store: what the server itself writes while it serves, kept in a small
-- DuckDB file beside the (read-only) study store or in a PostgreSQL database shared by several
-- servers: users and their authorities (cBioPortal's `users` and `authorities` tables), data access
-- tokens of the uuid method, virtual studies and sessions. Every statement runs on both and is
-- idempotent: the schema is applied each time the file is opened for writing, and by each server
-- that connects to PostgreSQL (one at a time, under an advisory lock).

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

-- Sessions of cBioPortal's session service (the front end's saved state: Results View queries,
-- comparison sessions, groups, custom charts, page settings, gene lists): `type` is cBioPortal's
-- SessionType, `data` the JSON stored, `checksum` its MD5 (by which an identical owner-less
-- session is found again, as the session service does). `origin` is the sorted set of studies
-- groups, custom data and settings are fetched by; `page` the settings' page (one settings
-- session per owner, page and origin).
CREATE TABLE IF NOT EXISTS session (
  id       VARCHAR PRIMARY KEY,
  type     VARCHAR NOT NULL,
  owner    VARCHAR NOT NULL,               -- who stored it ('anonymous' without login): counted per owner
  data     VARCHAR NOT NULL,
  checksum VARCHAR NOT NULL,
  origin   VARCHAR[] NOT NULL,
  page     VARCHAR,
  created  TIMESTAMP NOT NULL,
  updated  TIMESTAMP NOT NULL
);

-- The users whose lists hold a session (cBioPortal's `data.users`), virtual studies included.
-- Quoted: SESSION_USER is a reserved word of PostgreSQL.
CREATE TABLE IF NOT EXISTS "session_user" (
  type     VARCHAR NOT NULL,
  id       VARCHAR NOT NULL,
  username VARCHAR NOT NULL,
  PRIMARY KEY (type, id, username)
);

-- The state's generation: every write bumps it in its own transaction (state-store.ts says how
-- readers learn of it). One row.
CREATE TABLE IF NOT EXISTS generation (generation BIGINT NOT NULL);
INSERT INTO generation SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM generation);

-- OAuth2 logins under way: the `state` a server sent the browser to the provider with, and until
-- when the provider may send it back. Here rather than in a server's memory, so that any server of
-- the deployment can finish a login another one started.
CREATE TABLE IF NOT EXISTS oauth2_login (
  state  VARCHAR PRIMARY KEY,
  lapses TIMESTAMP NOT NULL                -- UTC
);
