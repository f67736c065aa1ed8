// The relay as one of several nodes (cluster-run.ts): the floor of what the game server pays to
// share its players over Redis. Socket.IO on the same Redis adapter, with the same options, as
// the game server (apps/server/src/adapters/realtime/socket-adapter.ts); one FIFO of waiting games
// for all nodes in a Redis list; and the two requests that must cross nodes, as Socket.IO
// server-side emits (Redis pub/sub): a joiner taking a game held by another node ("seat"), and a
// player's action on such a game ("act"). No tier lock, presence, leases or database: only the
// hops that a game with its two players on two nodes cannot do without.
import { Redis } from 'ioredis';
import type { Server } from 'socket.io';
import { attachRedisSocketAdapter } from '../../apps/server/src/adapters/realtime/socket-adapter';
import type { RedisPlan } from './ipc';

export interface SeatRequest {
  /** The node that holds the waiting game. */
  readonly node: string;
  readonly sessionId: string;
  /** The joiner's socket id (on the sender's node). */
  readonly id: string;
  readonly character: number;
}

export interface ActRequest {
  readonly node: string;
  readonly sessionId: string;
  readonly id: string;
  readonly action: string;
  readonly prediction: string;
}

export interface RelayCluster {
  /**
   * Seats the joiner in the oldest waiting game of any node: one of this node through `here.seat`
   * (false: it ended while queued, its creator left), another node's by a seat request; with none
   * waiting, opens a game here and queues it.
   */
  join(joiner: { id: string; character: number }, here: { seat(sessionId: string): boolean; open(): string }): Promise<void>;
  /** Takes a waiting game of this node out of the queue (its creator left). */
  remove(sessionId: string): Promise<void>;
  /** A local player's action on a game held by another node, sent there; ignored otherwise. */
  act(id: string, action: string, prediction: string): void;
  close(): Promise<void>;
}

const SEAT = 'relay:seat';
const ACT = 'relay:act';

/** Puts `io` on the adapter (before any connection) and answers the other nodes' requests with `on`. */
export async function joinRelayCluster(io: Server, plan: RedisPlan, on: { seat(request: SeatRequest): void; act(request: ActRequest): void }): Promise<RelayCluster> {
  // As redis-realtime.ts: the adapter publishes on a connection of its own (it opens its blocking
  // stream reader and its subscriber itself), so queue commands never wait behind it.
  const commands = new Redis(plan.url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(plan.url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  await Promise.all([commands.connect(), subscriber.connect()]);
  // Games still running on their timers publish after stop() closed the connections: not news.
  for (const connection of [commands, subscriber]) connection.on('error', () => undefined);
  attachRedisSocketAdapter(io, commands, subscriber, plan.prefix);
  // A server-side emit reaches every other node: each keeps what is addressed to it.
  io.on(SEAT, (request: SeatRequest) => {
    if (request.node === plan.nodeId) on.seat(request);
  });
  io.on(ACT, (request: ActRequest) => {
    if (request.node === plan.nodeId) on.act(request);
  });
  const key = `${plan.prefix}relay:waiting`;
  const entry = (sessionId: string) => `${plan.nodeId} ${sessionId}`;
  /** This node's players in a game held by another node. */
  const remoteGameOf = new Map<string, { node: string; sessionId: string }>();
  return {
    async join(joiner, here) {
      remoteGameOf.delete(joiner.id);
      for (;;) {
        const found = await commands.lpop(key);
        if (!found) {
          await commands.rpush(key, entry(here.open()));
          return;
        }
        const [node = '', sessionId = ''] = found.split(' ');
        if (node === plan.nodeId) {
          if (here.seat(sessionId)) return;
          continue;
        }
        remoteGameOf.set(joiner.id, { node, sessionId });
        const request: SeatRequest = { node, sessionId, id: joiner.id, character: joiner.character };
        io.serverSideEmit(SEAT, request);
        return;
      }
    },
    async remove(sessionId) {
      await commands.lrem(key, 0, entry(sessionId));
    },
    act(id, action, prediction) {
      const remote = remoteGameOf.get(id);
      if (!remote) return;
      const request: ActRequest = { ...remote, id, action, prediction };
      io.serverSideEmit(ACT, request);
    },
    async close() {
      await Promise.all([commands, subscriber].map((connection) => connection.quit().catch(() => connection.disconnect())));
    },
  };
}
