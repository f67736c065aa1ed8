import { describe, expect, it } from 'vitest';
import { WEB_ROUTES, matchWebRoute } from './web-routes';

describe('matchWebRoute', () => {
  it('matches every page of the list, with its parameters', () => {
    expect(matchWebRoute('/')).toEqual({ name: 'home', params: {} });
    expect(matchWebRoute('/profile')).toEqual({ name: 'ownProfile', params: {} });
    expect(matchWebRoute('/profile/7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')).toEqual({ name: 'profile', params: { playerId: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU' } });
    expect(matchWebRoute('/watch/g-1')).toEqual({ name: 'watch', params: { sessionId: 'g-1' } });
    expect(matchWebRoute('/tournaments/T%201')).toEqual({ name: 'tournament', params: { tournamentId: 'T 1' } });
    for (const pattern of Object.values(WEB_ROUTES)) expect(matchWebRoute(pattern.replace(/:\w+/g, 'x')), pattern).not.toBeNull();
  });

  it('reads a path as react-router does: static segments in any case, a trailing slash ignored', () => {
    expect(matchWebRoute('/Leaderboard/')?.name).toBe('leaderboard');
    expect(matchWebRoute('/how-to-play')?.name).toBe('howToPlay');
  });

  it('matches nothing else (the app shows its not-found page)', () => {
    for (const path of ['/nope', '/profile/a/b', '/watch', '/watch/', '/api', '/tournaments/T-1/edit', '/watch/%E0%A4%A']) expect(matchWebRoute(path), path).toBeNull();
  });
});
