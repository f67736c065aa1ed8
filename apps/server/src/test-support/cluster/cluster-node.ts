// One node of a test cluster: main.ts as a child process (server-process.ts) on the cluster's
// PostgreSQL, Redis, chain, treasury and JWT secret, on a port of its own. A node's id is a new
// uuid at each start (main.ts takes none from the environment): it is learnt from Redis, where a
// node lists every socket it holds, by connecting a probe socket to it.
import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type GameClient, connect } from '../game-server';
import { type ServerProcess, createServerProcess, freePort } from '../chaos/server-process';
import type { ClusterEnv } from './cluster-env';

/** Every node's sign-in origin: as behind one load balancer, a token or a message is valid on all. */
export const PUBLIC_ORIGIN = 'http://localhost:8080';
/** Redis key prefix of the nodes: main.ts always uses the default. */
// Redis keys are per logical database, but pub/sub channels (the Socket.IO adapter's) are one
// space for the whole server: each run of nodes gets a prefix of its own (REDIS_PREFIX).
const PREFIX = `dd-cluster-${process.pid}-${Date.now().toString(36)}:`;

export interface ClusterNode {
  readonly name: string;
  readonly url: string;
  /** Up: started, healthy, not being stopped; players connect only to such nodes. */
  readonly up: boolean;
  /** The node id of the current run (games.owner_node); '' before the first start. */
  readonly nodeId: string;
  /** The node id of every run so far, oldest first. */
  readonly runs: readonly string[];
  readonly process: ServerProcess;
  /** Starts it, waits for /api/health, learns its node id; answers how long the start took. */
  start(): Promise<number>;
  /** SIGKILL: its leases stay until they lapse. */
  kill(): Promise<void>;
  /** SIGTERM: it stops gracefully and lets its leases go at once. */
  stop(): Promise<void>;
}

export interface NodeOptions {
  /** GAME_TIMINGS_MS (intro,round,results). */
  readonly gameTimingsMs: string;
}

export async function createClusterNode(env: ClusterEnv, name: string, options: NodeOptions): Promise<ClusterNode> {
  const port = await freePort();
  const server = createServerProcess({
    port,
    dataDir: await mkdtemp(join(env.dataRoot, `${name}-`)),
    rpcUrl: env.chain.config.rpcUrl,
    wsUrl: env.chain.config.wsUrl,
    treasuryKeypair: env.chain.config.treasuryKeypair ?? '',
    jwtSecret: env.jwtSecret,
    gameTimingsMs: options.gameTimingsMs,
    startTimeoutMs: 90_000,
    env: {
      DATABASE_URL: env.databaseUrl,
      REDIS_URL: env.redisUrl,
      REDIS_PREFIX: PREFIX,
      LOG_LEVEL: 'warn',
      PUBLIC_ORIGIN,
      // Every test player comes from 127.0.0.1: each names its own address (X-Forwarded-For),
      // as players behind a load balancer do, so the per-address sign-in limit counts each one.
      TRUST_PROXY: 'true',
    },
  });
  let up = false;
  let nodeId = '';
  const runs: string[] = [];
  return {
    name,
    url: server.url,
    get up() {
      return up;
    },
    get nodeId() {
      return nodeId;
    },
    runs,
    process: server,
    async start() {
      const took = await server.start();
      nodeId = await nodeIdOf(env, server.url);
      runs.push(nodeId);
      up = true;
      return took;
    },
    async kill() {
      up = false;
      await server.kill();
    },
    async stop() {
      up = false;
      await server.stop();
    },
  };
}

/** The id of the node at `url`: the one whose socket set in Redis holds a probe connected to it. */
async function nodeIdOf(env: ClusterEnv, url: string): Promise<string> {
  const probe: GameClient = await connect(url);
  try {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      for (const id of await env.redis.smembers(`${PREFIX}nodes`)) {
        if (await env.redis.sismember(`${PREFIX}online:${id}`, probe.id)) return id;
      }
      await sleep(50);
    }
    throw new Error(`the node at ${url} never listed its sockets in Redis (is it on ${env.redisUrl}?)`);
  } finally {
    probe.close();
  }
}

/** Creates and starts `names` at once; answers them in that order. Each is added to `all` first, so a failed start is still stopped. */
export async function startNodes(env: ClusterEnv, names: readonly string[], options: NodeOptions, all: ClusterNode[]): Promise<ClusterNode[]> {
  const nodes = await Promise.all(names.map((name) => createClusterNode(env, name, options)));
  all.push(...nodes);
  await Promise.all(nodes.map((node) => node.start()));
  return nodes;
}

/** The node whose current run holds `nodeId` (games.owner_node). */
export function nodeById(nodes: readonly ClusterNode[], nodeId: string | null): ClusterNode | undefined {
  return nodes.find((node) => node.nodeId !== '' && node.nodeId === nodeId);
}
