// Package account keeps wyrm's optional accounts: user names and
// passwords, sessions, and per-user ratings with their history and the
// results of finished games. Its tables live in the game store's database
// (a store.DB) beside the store's, with their own numbered migrations
// counted in their own table, account_schema_version.
//
// # Passwords
//
// Passwords are hashed with argon2id (DefaultParams) and stored as PHC
// strings that carry their parameters and salt; a hash made with other
// parameters is remade when its owner next signs in. A sign-in that names
// an unknown user checks a dummy hash, so both take the same time.
// Attempts are limited per user name and per address.
//
// # Sessions
//
// A session is a random 256-bit token that the client holds in a cookie;
// only its SHA-256 is stored. A session ends 30 days after its last use,
// on sign-out, on sign-out everywhere (all the user's sessions), and, for
// all but the one used, on a password change.
//
// # What the server must do
//
//   - Put the token in SessionCookie (HttpOnly, SameSite=Lax, Secure
//     when the client came over https: TLS, or a trusted proxy's
//     X-Forwarded-Proto, as httpkit.HTTPS tells) after SignUp and LogIn, and again
//     when Authenticate reports the session Renewed; send ClearCookie on
//     sign-out.
//   - On each request with the cookie (TokenFrom), call Authenticate. A
//     request that changes anything on the session's behalf (POST, PUT,
//     PATCH, DELETE) must pass CheckCSRF: its X-CSRF-Token header must be
//     CSRFToken of the session token. Send CSRFToken to the page in the
//     answers to sign-up, sign-in and the account's details; never change
//     state on GET. Websocket upgrades are GETs: their Origin is checked
//     as the server already does. The server's same-origin check of
//     JSON posts stays: the header is a second wall, needed now that a
//     cookie, sent by the browser on its own, carries a credential.
//   - Pass the client's key (the address the other per-client limits
//     use) to SignUp, LogIn and ChangePassword, and send a RetryError's
//     After as Retry-After.
//   - After storing a finished game's last action, call RecordResult; at
//     start, call it again for every finished game replayed (see
//     RecordResult for why this is as safe as one transaction).
//   - Never rate a game with a computer or a guest seat, nor one where an
//     account holds two seats (RecordResult refuses them when Rated).
package account
