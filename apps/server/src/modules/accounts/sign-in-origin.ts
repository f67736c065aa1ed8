// The origin a sign-in message names. A wallet refuses, without asking the player, a message
// whose domain is not the requesting page's host, so the message names the page's own origin
// (its Origin header) when PUBLIC_ORIGIN lists it. The header decides nothing else: sign-in
// checks the signature against the message the server stored.
import { type PublicOrigins, listedOrigin } from '../../config-origins';
import { AppError } from '../../errors';

/** Enough of a refused Origin header to recognise it, never a wall of text in the answer. */
const SHOWN_ORIGIN_LENGTH = 200;

export function signInOrigin(requestOrigin: string | undefined, publicOrigins: PublicOrigins): string {
  // Programs (tests, bots, the benchmark) send no Origin: no page, no wallet comparing domains.
  if (requestOrigin === undefined) return publicOrigins[0];
  const origin = listedOrigin(requestOrigin, publicOrigins);
  if (origin === null) {
    const shown = requestOrigin.length > SHOWN_ORIGIN_LENGTH ? `${requestOrigin.slice(0, SHOWN_ORIGIN_LENGTH)}…` : requestOrigin;
    throw new AppError('ORIGIN_NOT_ALLOWED', { origin: shown || '(empty)' });
  }
  return origin;
}

/** True when a stored message names a listed origin: its URI one of them, its domain that URI's host. */
export function namesListedOrigin(fields: { domain: string; uri: string }, publicOrigins: PublicOrigins): boolean {
  const origin = listedOrigin(fields.uri, publicOrigins);
  return origin !== null && origin === fields.uri && new URL(origin).host === fields.domain;
}
