// Which pages may open a socket (SECURITY.md 23: a foreign origin is refused). Browsers always
// send Origin; programs (tests, bots, the benchmark) send none and authenticate by token.

export function isAllowedOrigin(origin: string | undefined, host: string | undefined, publicOrigin: string): boolean {
  if (origin === undefined) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.origin === new URL(publicOrigin).origin) return true;
  // Same origin as the address the client used to reach us (e.g. http://127.0.0.1:3000 when
  // PUBLIC_ORIGIN says localhost).
  return host !== undefined && parsed.host === host.toLowerCase() && (parsed.protocol === 'http:' || parsed.protocol === 'https:');
}
