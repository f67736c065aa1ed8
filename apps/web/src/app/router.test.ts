// The app's pages against the server's list: the server answers 404 for the addresses protocol's
// matchWebRoute does not know, and the app must show its not-found page for exactly those.
import { matchWebRoute } from '@duel-dojo/protocol';
import { describe, expect, it } from 'vitest';
import { matchRoutes } from '../routing/match-routes';
import { ROUTES } from './router';

describe('which page an address opens', () => {
  it.each([
    '/',
    '/how-to-play',
    '/HOW-TO-PLAY/',
    '/tournaments/t-1',
    '/profile',
    '/profile/Abc%20d',
    '/watch/game-7',
    '/money',
    '/nope',
    '/profile/a/b',
    '/tournaments/%E0%A4%A',
  ])('%s: the same page as the server says', (path) => {
    const server = matchWebRoute(path);
    const page = matchRoutes([{ children: ROUTES }], path)?.at(-1);
    expect(page?.route.path === '*').toBe(server === null);
    if (server) expect(page?.params).toEqual(server.params);
  });
});

