// The Socket.IO adapter of several nodes (docs/several-nodes.md): Redis sharded pub/sub with a
// channel per socket ("dynamic-private"), so an event for a player's socket is published once and
// read only by the node that holds that socket. The streams adapter, measured side by side in
// bench/README.md, has every node read and decode every message, the sender included, and cost
// a third more CPU per round with two nodes. What it offers in return, Socket.IO's
// connection-state recovery and replay after a brief loss of Redis, a game does not need: a
// player who reconnects is sent the whole game state (game-view.ts), and every game event is
// versioned, so a client never applies an old one.
import { createShardedAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Server } from 'socket.io';

/**
 * `subscriber` is a connection of its own: a subscribed connection sends nothing else. Resolves
 * once the adapter's own subscriptions are in place: the adapter sends them and does not wait, and
 * until they are, the other nodes' answers to this node's questions (is this socket connected?)
 * are lost and each question times out. One more subscription on the same connection, answered
 * in order after the adapter's, says when.
 */
export async function attachRedisSocketAdapter(io: Server, publisher: Redis, subscriber: Redis, prefix: string): Promise<void> {
  io.adapter(createShardedAdapter(publisher, subscriber, { channelPrefix: `${prefix}socket.io`, subscriptionMode: 'dynamic-private' }));
  const probe = `${prefix}socket.io-ready`;
  await subscriber.ssubscribe(probe);
  await subscriber.sunsubscribe(probe);
}
