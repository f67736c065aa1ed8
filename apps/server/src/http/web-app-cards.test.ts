// The link preview of a shared profile or finished game, over real HTTP and databases: what a
// chat app's crawler reads from the page's head.
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toLamports } from '@duel-dojo/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../adapters/db/connect';
import { users } from '../adapters/db/schema';
import { type Modules, composeModules } from '../compose';
import { type TestServer, createTestWallet, signUpPlayer, startTestServer, testConfig, testDatabases } from '../test-support';
import { seedGame, seedStats } from '../test-support/seed';
import { pageFactsOf } from './page-facts';

const WEB_INDEX = fileURLToPath(new URL('../../../web/index.html', import.meta.url));
const SOL = 1_000_000_000n;
const EVIL = `<script>alert("pwned")</script> & 'Mal'`;
const EVIL_ESCAPED = '&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt; &amp; &#39;Mal&#39;';
const ORIGIN = 'http://localhost:3000';

/** The content of each card tag the page carries (og:… and twitter:…), by name. */
function cardTags(html: string): Record<string, string[]> {
  const tags: Record<string, string[]> = {};
  for (const [, name, content] of html.matchAll(/<meta (?:property|name)="((?:og|twitter):[^"]+)" content="([^"]*)"/g)) {
    (tags[name as string] ??= []).push(content as string);
  }
  return tags;
}

describe.each(testDatabases())('shared page cards on $kind', (target) => {
  let database: Database;
  let modules: Modules;
  let server: TestServer;
  let webDist: string;
  let mal: { wallet: string; id: string };
  let bob: { wallet: string; id: string };
  const page = (path: string) => fetch(`${server.url}${path}`);

  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'dd-web-cards-'));
    await copyFile(WEB_INDEX, join(webDist, 'index.html'));
    database = await target.open();
    modules = await composeModules(testConfig(), database, { authRateLimitPerMinute: 10_000 });
    server = await startTestServer(database, { routes: modules.routes, webDist, pageFacts: pageFactsOf(modules) });
    const signUp = async (name: string) => {
      const wallet = await createTestWallet();
      const { user } = await signUpPlayer(server.url, wallet, name);
      return { wallet: wallet.address, id: user._id };
    };
    [mal, bob] = [await signUp('mal'), await signUp('bob')];
    // A display name as hostile as a player could make it: markup, quotes and an ampersand.
    await database.db.update(users).set({ displayName: EVIL }).where(eq(users.id, mal.id));
    await seedStats(database.db, mal.id, { totalMatches: 3, wins: 1, losses: 2 });
    await seedGame(database.db, {
      sessionId: 'g-over',
      player1: { id: bob.id, wallet: bob.wallet, name: 'bob' },
      player2: { id: mal.id, wallet: mal.wallet, name: EVIL },
      betAmount: '5$',
      stakeLamports: toLamports(SOL / 10n),
      winner: mal.wallet,
      rounds: 6,
    });
    await seedGame(database.db, { sessionId: 'g-running', player1: { id: bob.id, wallet: bob.wallet, name: 'bob' }, player2: { id: mal.id, wallet: mal.wallet, name: EVIL } });
  });
  afterAll(async () => {
    await server?.stop();
    await modules?.stop();
    await database?.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it("shows a profile's name and record, escaped, in place of the site's card", async () => {
    const response = await page(`/profile/${mal.wallet}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(html).not.toContain('<script>alert');
    expect(cardTags(html)).toEqual({
      'og:site_name': ['Duel Dojo'],
      'og:type': ['profile'],
      'og:title': [`${EVIL_ESCAPED} on Duel Dojo`],
      'og:description': [`${EVIL_ESCAPED}&#39;s record: 1 win, 2 losses, 0 draws in one-on-one duels.`],
      'og:url': [`${ORIGIN}/profile/${mal.wallet}`],
      'twitter:card': ['summary'],
      'twitter:title': [`${EVIL_ESCAPED} on Duel Dojo`],
      'twitter:description': [`${EVIL_ESCAPED}&#39;s record: 1 win, 2 losses, 0 draws in one-on-one duels.`],
    });
    expect(html).toContain(`<title>${EVIL_ESCAPED} on Duel Dojo</title>`);
    // The app itself is untouched.
    expect(html).toContain('<div id="root"></div>');
  });

  it("shows a finished game's players, result and stake", async () => {
    const response = await page('/watch/g-over');
    expect(response.status).toBe(200);
    const tags = cardTags(await response.text());
    expect(tags['og:title']).toEqual([`bob vs ${EVIL_ESCAPED} on Duel Dojo`]);
    expect(tags['og:description']).toEqual([`${EVIL_ESCAPED} won after 6 rounds, a stake of 0.1000 SOL each.`]);
    expect(tags['og:url']).toEqual([`${ORIGIN}/watch/g-over`]);
    expect(tags['og:type']).toEqual(['article']);
    expect(tags['twitter:card']).toEqual(['summary']);
  });

  it("keeps the site's card for a game still running, and for every other page", async () => {
    for (const path of ['/watch/g-running', '/leaderboard', '/profile']) {
      const response = await page(path);
      expect(response.status, path).toBe(200);
      const tags = cardTags(await response.text());
      expect(tags['og:title'], path).toEqual(['Duel Dojo']);
      expect(tags['twitter:card'], path).toEqual(['summary']);
    }
  });

  it("answers an unknown player or game with 404 and the site's card", async () => {
    const nobody = (await createTestWallet()).address;
    for (const path of [`/profile/${nobody}`, '/profile/not-a-wallet', '/watch/g-nope', '/watch/bad%20id']) {
      const response = await page(path);
      expect(response.status, path).toBe(404);
      expect(cardTags(await response.text())['og:title'], path).toEqual(['Duel Dojo']);
    }
  });

  it('reuses a rendered card for a while: a rename shows after the cache expires', async () => {
    await page(`/profile/${bob.wallet}`);
    await database.db.update(users).set({ displayName: 'robert' }).where(eq(users.id, bob.id));
    expect(cardTags(await (await page(`/profile/${bob.wallet}`)).text())['og:title']).toEqual(['bob on Duel Dojo']);
  });
});
