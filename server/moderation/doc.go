// Package moderation is the moderators' side of the site: the reports
// queue with the chat around each report, and actions on accounts (mute,
// close, mark as a cheat or a booster), each written to the moderators'
// log in the transaction of the action. Moderators are granted by the
// operator (wyrm mod grant). Every route is under /api/mod/ and answers
// anyone who is not a moderator exactly as a route that does not exist
// would (404), so that the routes cannot be found by trying.
package moderation
