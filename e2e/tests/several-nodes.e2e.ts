// Several nodes (docs/several-nodes.md) in Chromium: two server nodes on one PostgreSQL database
// and one Redis, behind Debian's nginx running deploy/nginx.conf. Two browsers, two dev wallets,
// each browser's socket on a DIFFERENT node (read from the nodes' socket sets in Redis, not hoped
// for: nginx spreads new WebSockets round-robin, so a browser that landed beside the other is
// reloaded until it lands on the other node). A free duel, matchmade through the shared queue,
// is played to game over: the game runs on the first player's node and the second player's moves
// and events cross over Redis. Both browsers show the same winner, the games row says so, both
// sockets stayed the same all game, and nginx's access log confirms the node of each socket.
//
// Not the global setup's server: this file starts its own chain, two nodes and nginx
// (support/cluster.ts). Screenshots at game over and the nodes' and nginx's logs are kept in a
// temporary folder whose path is printed at the end.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, type ClusterNode, readAccessLog, startCluster } from '../support/cluster';
import { fightUntilWon, gameOverPopup, startDuel, waitingPopup } from '../support/duel';
import { type BrowserPlayer, signedUpPlayer } from '../support/players';
import { waitFor } from '../support/processes';
import { type SocketWatch, watchSocketIo } from '../support/socket-watch';

/** Two, not three: the machine has two cores, and two browsers and the global setup share them. */
const NODES = 2;
/** Reloads of the second browser before giving up on reaching the other node. */
const MAX_RECONNECTS = 8;

let cluster: Cluster | undefined;
let setupError: unknown;
const players: BrowserPlayer[] = [];

// A failed start is rethrown by the test, so it counts as a failure (a beforeAll error would only
// mark the test skipped). Missing nginx, PostgreSQL or Redis is such a failure.
beforeAll(async () => {
  try {
    cluster = await startCluster({ nodes: NODES });
  } catch (error) {
    setupError = error;
  }
}, 480_000);

afterAll(async () => {
  for (const player of players) await player.browser.close().catch(() => undefined);
  await cluster?.stop();
  if (cluster && existsSync(cluster.artifacts)) console.log(`[several-nodes] screenshots and logs kept in ${cluster.artifacts}`);
}, 120_000);

interface Placed {
  readonly socketId: string;
  readonly node: ClusterNode;
}

/** The page's open socket (newer than `after`) and the node whose socket set in Redis lists it. */
function placement(watch: SocketWatch, after: string | null): Promise<Placed> {
  const c = cluster as Cluster;
  return waitFor(
    'the page’s socket in a node’s socket set',
    async () => {
      const socket = watch.current();
      if (!socket?.socketId || socket.socketId === after) return null;
      const node = await c.nodeOfSocket(socket.socketId);
      return node ? { socketId: socket.socketId, node } : null;
    },
    30_000,
    () => `sockets seen: ${JSON.stringify(watch.sockets.map(({ socketId, closed }) => ({ socketId, closed })))}`,
  );
}

/** WebSockets to /socket.io/ that nginx logged (it logs one when it closes). */
function loggedWebSockets() {
  return readAccessLog((cluster as Cluster).accessLog).filter((line) => line.path.startsWith('/socket.io/') && line.path.includes('transport=websocket') && line.status === 101);
}

const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;

describe('several nodes behind nginx', () => {
  it('two browsers connected to different nodes play a free duel to game over', async () => {
    if (setupError) throw setupError;
    const c = cluster as Cluster;
    for (const prefix of ['akira', 'mei']) players.push(await signedUpPlayer(c.origin, prefix));
    const [a, b] = players as [BrowserPlayer, BrowserPlayer];
    const watchA = watchSocketIo(a.page);
    const watchB = watchSocketIo(b.page);

    // Signed in, the home screen opens the page's one socket at once.
    await a.page.goto('/');
    const placedA = await placement(watchA, null);
    await b.page.goto('/');
    let placedB = await placement(watchB, null);
    for (let attempt = 1; placedB.node === placedA.node; attempt += 1) {
      if (attempt > MAX_RECONNECTS) throw new Error(`the second browser reached ${placedA.node.name} ${MAX_RECONNECTS + 1} times, as the first one did`);
      // Round-robin is one rotation for every request: a reload whose requests (page, API,
      // images, the socket) are an even number puts its socket where the last one was, every
      // time. Every other attempt adds one request of the test's own, so whichever parity a
      // reload has, one of two attempts in a row reaches the other node.
      if (attempt % 2 === 0) await (await fetch(`${c.nginxUrl}/api/health`)).body?.cancel();
      await b.page.reload();
      placedB = await placement(watchB, placedB.socketId);
    }
    console.log(
      `[several-nodes] ${a.name} on ${placedA.node.name} (${placedA.node.address}, ${placedA.node.nodeId}); ${b.name} on ${placedB.node.name} (${placedB.node.address}, ${placedB.node.nodeId}); ${watchB.sockets.length - 1} reload(s) of ${b.name}`,
    );

    // The waiting game is created on the node of the player who waits; the joiner's node takes
    // it from the shared queue and asks that node to seat the joiner (docs/several-nodes.md).
    await startDuel(a.page, 'Free!', 'Ghost');
    await waitingPopup(a.page).waitFor({ timeout: 30_000 });
    await startDuel(b.page, 'Free!', 'Ghost');
    const owner = await waitFor(
      'the games row with both players and an owner node',
      async () => (await c.sql('select owner_node from games where player2_character is not null and owner_node is not null'))[0]?.[0] ?? null,
      30_000,
      () => 'no such row',
    );
    expect(owner, 'the game runs on the node of the player who waited').toBe(placedA.node.nodeId);

    await fightUntilWon(a.page, b.page, 60_000);
    const won = gameOverPopup(a.page);
    const lost = gameOverPopup(b.page);
    await won.waitFor({ timeout: 30_000 });
    await lost.waitFor({ timeout: 30_000 });
    expect(await won.getByRole('heading').textContent()).toBe('Victory!');
    expect(await lost.getByRole('heading').textContent()).toBe('Defeat');
    await won.getByText('You won the duel!').waitFor();
    await lost.getByText(`${a.name} won the duel.`).waitFor();
    await a.page.screenshot({ path: join(c.artifacts, `game-over-${placedA.node.name}-${a.name}.png`) });
    await b.page.screenshot({ path: join(c.artifacts, `game-over-${placedB.node.name}-${b.name}.png`) });

    // The games row: over, won by the first player's wallet, with both players in it.
    const wallet = async (username: string) => (await c.sql(`select wallet_address from users where username = ${quoted(username)}`))[0]?.[0];
    const [walletA, walletB] = [await wallet(a.name), await wallet(b.name)];
    expect(walletA).toBeTruthy();
    const row = await waitFor(
      'the games row to be over',
      async () => {
        const rows = await c.sql('select game_over, winner, bet_amount, player1_wallet, player2_wallet from games');
        return rows[0]?.[0] === 't' ? rows : null;
      },
      15_000,
      () => 'game_over is still false',
    );
    expect(row).toEqual([['t', walletA, 'Free!', walletA, walletB]]);

    // Each browser played the whole game on the socket it had on its node.
    for (const [watch, placed] of [
      [watchA, placedA],
      [watchB, placedB],
    ] as const) {
      expect(watch.sockets.at(-1)?.socketId).toBe(placed.socketId);
      expect(watch.current()?.socketId).toBe(placed.socketId);
      expect(await c.nodeOfSocket(placed.socketId)).toBe(placed.node);
    }
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);

    // nginx logs a WebSocket when it closes: closing each page, the one line it adds names the
    // node that socket reached.
    for (const [player, placed] of [
      [a, placedA],
      [b, placedB],
    ] as const) {
      const before = loggedWebSockets().length;
      await player.page.close();
      const added = await waitFor(
        `nginx to log ${player.name}'s WebSocket`,
        async () => {
          const lines = loggedWebSockets();
          return lines.length > before ? lines.slice(before) : null;
        },
        15_000,
        () => `${loggedWebSockets().length} WebSocket lines`,
      );
      expect(added.map((line) => line.upstreams.at(-1))).toEqual([placed.node.address]);
    }
  }, 360_000);
});
