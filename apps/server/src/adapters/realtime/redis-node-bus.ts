// Requests between server nodes over Redis pub/sub (docs/several-nodes.md): each node listens on
// its own channel `<prefix>node:<nodeId>`; a request carries an id and the sender's node, and the
// answer comes back on the sender's channel. Pub/sub delivers to whoever listens now and keeps
// nothing, which is what a request to a live node wants: a dead node's requests time out.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { NodeBus } from '../../modules/duels';

interface Envelope {
  readonly id: string;
  readonly from: string;
  readonly request?: unknown;
  readonly answer?: unknown;
  readonly error?: string;
}

export interface RedisNodeBus extends NodeBus {
  close(): Promise<void>;
}

/** `publisher` sends; `subscriber` is a connection of its own (a subscribed connection sends nothing else). */
export async function createRedisNodeBus(publisher: Redis, subscriber: Redis, options: { nodeId: string; prefix: string }): Promise<RedisNodeBus> {
  const channelOf = (node: string) => `${options.prefix}node:${node}`;
  const own = channelOf(options.nodeId);
  const pending = new Map<string, { resolve(value: unknown): void; reject(error: Error): void; timer: NodeJS.Timeout }>();
  let handler: ((message: unknown) => Promise<unknown>) | null = null;

  const send = (node: string, envelope: Envelope) => publisher.publish(channelOf(node), JSON.stringify(envelope));

  async function answer(envelope: Envelope): Promise<void> {
    try {
      if (!handler) throw new Error(`node ${options.nodeId} serves no requests`);
      await send(envelope.from, { id: envelope.id, from: options.nodeId, answer: (await handler(envelope.request)) ?? null });
    } catch (error) {
      await send(envelope.from, { id: envelope.id, from: options.nodeId, error: error instanceof Error ? error.message : String(error) });
    }
  }

  subscriber.on('message', (channel: string, text: string) => {
    if (channel !== own) return;
    const envelope = JSON.parse(text) as Envelope;
    if ('request' in envelope) {
      void answer(envelope);
      return;
    }
    const waiting = pending.get(envelope.id);
    if (!waiting) return;
    pending.delete(envelope.id);
    clearTimeout(waiting.timer);
    if (envelope.error !== undefined) waiting.reject(new Error(`node call failed: ${envelope.error}`));
    else waiting.resolve(envelope.answer);
  });
  await subscriber.subscribe(own);

  return {
    request(node, message, timeoutMs) {
      const id = randomUUID();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`node ${node} did not answer within ${timeoutMs} ms`));
        }, timeoutMs);
        pending.set(id, { resolve, reject, timer });
        const fail = (error: Error) => {
          pending.delete(id);
          clearTimeout(timer);
          reject(error);
        };
        send(node, { id, from: options.nodeId, request: message }).then(
          // No subscriber on the node's channel: the node is gone, no need to wait for the timeout.
          (listeners) => {
            if (listeners === 0) fail(new Error(`node ${node} is not listening`));
          },
          (error: unknown) => fail(error instanceof Error ? error : new Error(String(error))),
        );
      });
    },
    serve(serve) {
      handler = serve;
    },
    async close() {
      await subscriber.unsubscribe(own);
      for (const [id, waiting] of pending) {
        clearTimeout(waiting.timer);
        waiting.reject(new Error('node bus closed'));
        pending.delete(id);
      }
    },
  };
}
