// PUBLIC_ORIGIN: the origins players open the game at, separated by commas, the canonical one
// first. A wallet refuses a sign-in message whose domain is not the page's own host, so every
// address the server is reached at by a browser (www and the bare domain, a second proxy host,
// 127.0.0.1 beside localhost) must be listed for its players to sign in there.

export type PublicOrigins = readonly [string, ...string[]];

/** Vite's dev server (`npm run dev -w @duel-dojo/web`) proxies /api and /socket.io to the server. */
const VITE_DEV_PORT = 5173;

export const PUBLIC_ORIGIN_RULE =
  'must be one or more origins separated by commas, such as https://duel.example.com,https://www.duel.example.com (scheme, host, optional port; no path)';

/** Without PUBLIC_ORIGIN the game is opened on this machine: both loopback names, on PORT and on Vite's dev port. */
export function defaultPublicOrigins(port: number): PublicOrigins {
  const origins = [port, VITE_DEV_PORT].flatMap((each) => [`http://localhost:${each}`, `http://127.0.0.1:${each}`]);
  return unique(origins) as unknown as PublicOrigins;
}

/** The normalized origin of one entry, or null when it is not an http(s) origin without path, query or credentials. */
export function originOf(entry: string): string | null {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username || url.password) return null;
  // `https://x.example/?` parses with an empty search: only the written text tells.
  if (/[?#]/.test(entry)) return null;
  return url.origin;
}

/** The listed origin a browser's Origin header names, or null when it names none of them ('null', junk, another site). */
export function listedOrigin(header: string, origins: readonly string[]): string | null {
  const origin = originOf(header);
  return origin !== null && origins.includes(origin) ? origin : null;
}

/** The entries of the variable; empty ones (a trailing comma) are ignored. */
function entries(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** Why the value is refused ("…; \"x\" is not one"), or null when it is a good list. */
export function publicOriginsProblem(value: string): string | null {
  const list = entries(value);
  if (list.length === 0) return PUBLIC_ORIGIN_RULE;
  const bad = list.find((entry) => originOf(entry) === null);
  return bad === undefined ? null : `${PUBLIC_ORIGIN_RULE}; ${JSON.stringify(bad)} is not one`;
}

/** The listed origins, normalized (`https://Duel.example.com:443/` -> `https://duel.example.com`) and without repeats. */
export function parsePublicOrigins(value: string): PublicOrigins {
  const origins = unique(entries(value).map((entry) => originOf(entry) ?? ''));
  if (origins.length === 0 || origins.includes('')) throw new Error(`PUBLIC_ORIGIN ${publicOriginsProblem(value) ?? PUBLIC_ORIGIN_RULE}`);
  return origins as unknown as PublicOrigins;
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
