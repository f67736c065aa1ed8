// deploy/nginx.conf with real processes: two real server nodes, and Debian's nginx running that
// very file (rendered with this run's ports by deploy/render-nginx-conf.mjs) in front of them.
// Everything goes through nginx, and nginx's access log (its $upstream_addr) says which node
// answered. The nodes share one PostgreSQL database when TEST_DATABASE_URL is set (as in
// production); otherwise each has its own PGlite.
//
// nginx missing is a failure, not a skip: `npm test` installs it (scripts/ensure-nginx.mjs).
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Socket, io as connectSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NGINX_BIN, prepareNginx } from '../../../../deploy/render-nginx-conf.mjs';
import { type Database, type GameHarness, startGameServer } from '../test-support/game-server';
import { testDatabases } from '../test-support';

const START_TIMEOUT_MS = 15_000;

/** One line of deploy/nginx.conf's access log (log_format duel_dojo). */
interface Logged {
  readonly client: string;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  /** The nodes tried, in order ("a, b" when a failed and b answered). */
  readonly upstreams: string[];
}

const LOG_LINE = /^(\S+) \[[^\]]*\] "(\S+) (\S+) [^"]*" (\d{3}) \d+ upstream=(.*?) upstream_status=/;

function readAccessLog(file: string): Logged[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line) => {
      const match = LOG_LINE.exec(line);
      if (!match) return [];
      const [, client = '', method = '', path = '', status = '0', upstreams = ''] = match;
      return [{ client, method, path, status: Number(status), upstreams: upstreams.split(/,\s*/).filter((up) => up !== '-') }];
    });
}

/** Polls `check` until it answers a value (not undefined), or fails with `what`. */
async function waitFor<T>(what: () => string, check: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() >= deadline) throw new Error(`timed out waiting for ${what()}`);
    await sleep(50);
  }
}

/** A port nobody listens on right now (nginx binds it a moment later). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

interface ClientOptions {
  readonly transports: ('websocket' | 'polling')[];
  /** The client's own source address (any of 127.0.0.0/8 is this machine's loopback). */
  readonly from?: string;
  readonly origin?: string;
}

/**
 * Every client a test opened, closed after it whether it passed or not: a client left polling
 * keeps a long-poll request open on its node, and the node's stop would wait for it.
 */
const opened = new Set<Socket>();

/** A Socket.IO client through nginx; resolves once connected. */
function connectThrough(url: string, { transports, from, origin }: ClientOptions): Promise<Socket> {
  const socket = connectSocket(url, {
    transports,
    reconnection: false,
    forceNew: true,
    // engine.io-client types `agent` as string | boolean, yet hands it to Node's http and ws as
    // the http.Agent it is: the way to choose the source address of every request.
    ...(from ? { agent: new Agent({ localAddress: from }) as unknown as string } : {}),
    ...(origin ? { extraHeaders: { origin } } : {}),
  });
  opened.add(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** getServerTime -> serverTime: a request the node answers on this very socket. */
function askServerTime(socket: Socket): Promise<{ clientTime: number; serverTime: number }> {
  const clientTime = Date.now();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no serverTime within 30 s')), 30_000);
    socket.on('serverTime', (answer: { clientTime: number; serverTime: number }) => {
      if (answer.clientTime !== clientTime) return;
      clearTimeout(timer);
      resolve(answer);
    });
    socket.emit('getServerTime', { clientTime });
  });
}

describe('deploy/nginx.conf in front of two server nodes', () => {
  const databases: Database[] = [];
  const nodes: GameHarness[] = [];
  let nodeAddresses: string[] = [];
  let prefix = '';
  let accessLog = '';
  let url = '';
  let nginx: ChildProcess | undefined;
  let nginxOutput = '';
  let stoppedNode: GameHarness | undefined;

  // Each test fails with this (a beforeAll error would only mark them skipped, which a count of
  // failures does not see).
  const nginxMissing = existsSync(NGINX_BIN)
    ? null
    : `nginx is not installed at ${NGINX_BIN}: run \`node scripts/ensure-nginx.mjs\` (npm test runs it) or set NGINX_PATH to an nginx binary`;
  beforeEach(() => {
    if (nginxMissing) throw new Error(nginxMissing);
  });

  beforeAll(async () => {
    if (nginxMissing) return;
    const postgres = testDatabases().find((target) => target.kind === 'postgres');
    if (postgres) {
      databases.push(await postgres.open());
    } else {
      const [pglite] = testDatabases();
      databases.push(await pglite!.open(), await pglite!.open());
    }
    // The nodes' PUBLIC_ORIGIN is nginx's address, as in production: pages opened there may open sockets.
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    for (const database of [databases[0]!, databases[1] ?? databases[0]!]) nodes.push(await startGameServer(database, { config: { publicOrigins: [url] } }));
    nodeAddresses = nodes.map((node) => `127.0.0.1:${node.server.port}`);

    prefix = mkdtempSync(join(tmpdir(), 'duel-dojo-nginx-'));
    // Started as root, nginx runs its workers as an unprivileged user, which must reach the
    // temporary files inside the prefix.
    chmodSync(prefix, 0o755);
    const prepared = prepareNginx(prefix, { listen: `127.0.0.1:${port}`, nodes: nodeAddresses });
    accessLog = prepared.accessLog;

    const child = spawn(NGINX_BIN, prepared.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    nginx = child;
    let exited: string | undefined;
    child.stdout.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
    child.once('error', (error) => (exited = error.message));
    child.once('exit', (code, signal) => (exited = `exited with ${signal ?? code}`));
    await waitFor(
      () => `nginx to answer on ${url} (${nginxOutput.trim() || 'no output'})`,
      async () => {
        if (exited) throw new Error(`nginx ${exited}: ${nginxOutput.trim()}`);
        const response = await fetch(`${url}/api/health`).catch(() => null);
        await response?.body?.cancel();
        return response?.ok ? true : undefined;
      },
      START_TIMEOUT_MS,
    );
  });

  afterEach(() => {
    for (const socket of opened) socket.close();
    opened.clear();
  });

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const child = nginx;
      // SIGTERM: nginx's fast stop (no waiting for open connections).
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      });
    }
    for (const node of nodes) if (node !== stoppedNode) await node.stop();
    for (const database of databases) await database.close();
    if (prefix) rmSync(prefix, { recursive: true, force: true });
  });

  /** The access-log lines whose path starts with `path`, once `count` of them are written. */
  function logged(path: string, count: number): Promise<Logged[]> {
    return waitFor(
      () => `${count} access-log lines for ${path} (${readAccessLog(accessLog).filter((line) => line.path.startsWith(path)).length} so far)`,
      () => {
        const lines = readAccessLog(accessLog).filter((line) => line.path.startsWith(path));
        return lines.length >= count ? lines : undefined;
      },
    );
  }

  /** The lines for `path` from each of `clients`, once each has at least `perClient` (nginx logs a request as it ends). */
  function loggedFrom(clients: readonly string[], path: string, perClient: number): Promise<Map<string, Logged[]>> {
    const collect = () => {
      const byClient = new Map<string, Logged[]>(clients.map((client) => [client, []]));
      for (const line of readAccessLog(accessLog)) if (line.path.startsWith(path)) byClient.get(line.client)?.push(line);
      return byClient;
    };
    return waitFor(
      () => `${perClient} access-log lines for ${path} from each client (${[...collect()].map(([client, lines]) => `${client}: ${lines.length}`).join(', ')})`,
      () => {
        const byClient = collect();
        return [...byClient.values()].every((lines) => lines.length >= perClient) ? byClient : undefined;
      },
    );
  }

  it('answers /api/health and spreads the requests round-robin over both nodes', async () => {
    const requests = 8;
    for (let i = 0; i < requests; i += 1) {
      const response = await fetch(`${url}/api/health?probe=round-robin-${i}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true });
    }
    const lines = await logged('/api/health?probe=round-robin-', requests);
    expect(lines.every((line) => line.status === 200 && line.upstreams.length === 1)).toBe(true);
    // Round-robin: each node answers half of them.
    for (const address of nodeAddresses) expect(lines.filter((line) => line.upstreams[0] === address)).toHaveLength(requests / 2);
  });

  it('lets a page served through nginx (PUBLIC_ORIGIN) open a socket over either transport', async () => {
    for (const transport of ['websocket', 'polling'] as const) {
      const socket = await connectThrough(url, { transports: [transport], origin: url });
      expect((await askServerTime(socket)).serverTime).toBeGreaterThan(0);
    }
  });

  it('carries WebSockets to both nodes, and each socket gets its answers', async () => {
    // Each from its own address, only to tell their log lines apart: WebSockets ignore it (round-robin).
    const addresses = Array.from({ length: 6 }, (_, i) => `127.0.0.${10 + i}`);
    const sockets = await Promise.all(addresses.map((from) => connectThrough(url, { transports: ['websocket'], from })));
    for (const socket of sockets) expect((await askServerTime(socket)).serverTime).toBeGreaterThan(0);
    for (const socket of sockets) socket.close();
    // A WebSocket is logged when it closes.
    const byClient = await loggedFrom(addresses, '/socket.io/?EIO=4&transport=websocket', 1);
    const reached = [...byClient.values()].flatMap((lines) => lines.map((line) => line.upstreams[0]));
    // Round-robin: three on each node.
    for (const address of nodeAddresses) expect(reached.filter((upstream) => upstream === address)).toHaveLength(addresses.length / 2);
  });

  it('keeps every long-polling session on one node (sticky by address), with sessions on both nodes', async () => {
    // Sixteen players, each from its own address. Each session is several requests (handshake,
    // connect, polls, the getServerTime and its answer); round-robin would send the second one to
    // the other node, which answers "Session ID unknown", and no client would connect.
    const addresses = Array.from({ length: 16 }, (_, i) => `127.0.0.${20 + i}`);
    const sockets = await Promise.all(addresses.map((from) => connectThrough(url, { transports: ['polling'], from })));
    for (const socket of sockets) {
      expect(socket.io.engine.transport.name).toBe('polling');
      expect((await askServerTime(socket)).serverTime).toBeGreaterThan(0);
    }
    for (const socket of sockets) socket.close();

    // At least the handshake, the connect packet, a poll and the getServerTime from each.
    const byClient = await loggedFrom(addresses, '/socket.io/?EIO=4&transport=polling', 4);
    const nodeOf = new Map<string, string>();
    for (const [client, lines] of byClient) {
      const seen = new Set(lines.flatMap((line) => line.upstreams));
      expect(seen.size, `${client} reached ${[...seen].join(' and ')}`).toBe(1);
      expect(lines.every((line) => line.status === 200)).toBe(true);
      nodeOf.set(client, [...seen][0]!);
    }
    // The addresses spread over both nodes: the stickiness held across two nodes, not one.
    expect(new Set(nodeOf.values())).toEqual(new Set(nodeAddresses));
  });

  it('lets a polling session upgrade to a WebSocket: the upgrade reaches the node that holds the session', async () => {
    const addresses = Array.from({ length: 8 }, (_, i) => `127.0.0.${60 + i}`);
    const sockets = await Promise.all(addresses.map((from) => connectThrough(url, { transports: ['polling', 'websocket'], from })));
    for (const [i, socket] of sockets.entries()) {
      // The upgrade is a WebSocket with the session's sid: on any other node it would fail and
      // the client would stay on polling.
      await waitFor(
        () => `the socket from ${addresses[i]} to upgrade to a WebSocket (still on ${socket.io.engine.transport.name})`,
        () => (socket.io.engine.transport.name === 'websocket' ? true : undefined),
      );
      expect((await askServerTime(socket)).serverTime).toBeGreaterThan(0);
    }
  });

  it('skips a node that is down: every request still answers', async () => {
    stoppedNode = nodes[1]!;
    await stoppedNode.stop();
    for (let i = 0; i < 6; i += 1) {
      const response = await fetch(`${url}/api/health?probe=one-down-${i}`);
      expect(response.status).toBe(200);
    }
    const lines = await logged('/api/health?probe=one-down-', 6);
    // Every answer came from the node that is still up, some after a refused try on the other.
    expect(lines.every((line) => line.status === 200 && line.upstreams.at(-1) === nodeAddresses[0])).toBe(true);
    expect(lines.some((line) => line.upstreams.includes(nodeAddresses[1]!))).toBe(true);
  });
});
