// Which pages may open a socket (docs/security.md 23: a foreign origin is refused): exactly the
// origins PUBLIC_ORIGIN lists. Browsers always send Origin; programs (tests, bots, the
// benchmark) send none and authenticate by token.
import { listedOrigin } from '../config-origins';

export function isAllowedOrigin(origin: string | undefined, publicOrigins: readonly string[]): boolean {
  if (origin === undefined) return true;
  return listedOrigin(origin, publicOrigins) !== null;
}
