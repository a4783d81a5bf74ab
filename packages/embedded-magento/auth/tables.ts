/** Magento_Integration's and Magento_User's tables: admins, tokens, sign-in failures and the OAuth integration's consumers, tokens and nonces; created by the back end's database (db.ts) with every other module's. */
export const TABLES = `
CREATE TABLE IF NOT EXISTS admins (
  id INTEGER PRIMARY KEY,
  username TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS tokens (
  token TEXT PRIMARY KEY,
  user_type INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER
);
CREATE TABLE IF NOT EXISTS login_failures (
  user_type INTEGER NOT NULL,
  username TEXT NOT NULL COLLATE NOCASE,
  failures INTEGER NOT NULL,
  locked_until INTEGER,
  PRIMARY KEY (user_type, username)
);
-- An integration's OAuth 1.0a consumer and access token (Magento's oauth_consumer, oauth_token) and the
-- nonces each consumer has used (oauth_nonce), kept for oauth/cleanup/expiration_period.
CREATE TABLE IF NOT EXISTS oauth_consumer (
  entity_id INTEGER PRIMARY KEY,
  consumer_key TEXT NOT NULL UNIQUE,
  secret TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS oauth_token (
  token TEXT PRIMARY KEY,
  secret TEXT NOT NULL,
  consumer_id INTEGER NOT NULL REFERENCES oauth_consumer (entity_id) ON DELETE CASCADE
);
CREATE TABLE IF NOT EXISTS oauth_nonce (
  nonce TEXT NOT NULL,
  consumer_id INTEGER NOT NULL REFERENCES oauth_consumer (entity_id) ON DELETE CASCADE,
  timestamp INTEGER NOT NULL,
  PRIMARY KEY (nonce, consumer_id)
);
CREATE INDEX IF NOT EXISTS oauth_nonce_timestamp ON oauth_nonce (timestamp);
`;
