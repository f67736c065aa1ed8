// Size limits of the wire. Every string and list has one, so an oversized payload fails
// validation before any code reads it (docs/security.md 10 and 23).

/** Names, labels, free text fields of a form. */
export const MAX_TEXT = 200;
/** Ids: sessions, payments, purchases, invites, tournaments, nonces. */
export const MAX_ID = 100;
/** A message shown to a player, a tournament description. */
export const MAX_MESSAGE = 1000;
/** The Sign In With Solana text the wallet signs. */
export const MAX_SIGN_IN_MESSAGE = 2000;
/** A bearer token (JWT). */
export const MAX_TOKEN = 4096;
/** Every list on the wire: games, leaderboard rows, owned characters, achievements. */
export const MAX_LIST = 100;
/** The largest page a list call returns (leaderboard 20, profile history 10). */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;
