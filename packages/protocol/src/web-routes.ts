// The web app's page addresses (the product's routes, the wallet's money page, a duel's watch page):
// one list that the web router mounts and the server reads to answer a page address with 200
// and any other with the app's 404 page. Patterns are react-router's: `:name` is one segment.

export const WEB_ROUTES = {
  home: '/',
  howToPlay: '/how-to-play',
  myGames: '/my-games',
  tournaments: '/tournaments',
  tournament: '/tournaments/:tournamentId',
  contact: '/contact',
  ownProfile: '/profile',
  profile: '/profile/:playerId',
  marketplace: '/marketplace',
  leaderboard: '/leaderboard',
  money: '/money',
  watch: '/watch/:sessionId',
} as const;

export type WebRouteName = keyof typeof WEB_ROUTES;

export interface WebRouteMatch {
  readonly name: WebRouteName;
  /** The `:name` segments, URI-decoded. */
  readonly params: Readonly<Record<string, string>>;
}

const COMPILED = (Object.entries(WEB_ROUTES) as [WebRouteName, string][]).map(([name, pattern]) => ({ name, segments: segmentsOf(pattern) }));

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/**
 * The route a path (no query) opens in the web app, as react-router matches it: static
 * segments case-insensitively, a trailing slash ignored; null for the app's not-found page.
 */
export function matchWebRoute(path: string): WebRouteMatch | null {
  const segments = segmentsOf(path);
  for (const route of COMPILED) {
    if (route.segments.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = route.segments.every((expected, index) => {
      const actual = segments[index] ?? '';
      if (!expected.startsWith(':')) return expected.toLowerCase() === actual.toLowerCase();
      const value = safeDecode(actual);
      if (value === null) return false;
      params[expected.slice(1)] = value;
      return true;
    });
    if (matches) return { name: route.name, params };
  }
  return null;
}

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
