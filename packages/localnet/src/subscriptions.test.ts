// PubSub: @solana/kit's subscriptions against the real WebSocket server, and the per-socket
// bookkeeping (unsubscribe, cleanup on close) against a socket stand-in.
import { EventEmitter } from 'node:events';
import { generateKeyPairSigner, getSignatureFromTransaction, lamports } from '@solana/kit';
import type { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJson, stringifyJson } from './bigint-json';
import { Chain } from './chain';
import { PubSub } from './pubsub';
import { fundedSigner, rpcRequest, signedTransaction, startTestChain, transfer, type TestChain } from './test-support/test-chain';

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(() => chain.localnet.stop());

/**
 * A kit subscription once the chain has registered it (kit's subscribe resolves on the chain's
 * answer) and already listening: `first` is its first notification, or a failure after `timeoutMs`.
 * In an object, so that awaiting this does not wait for the notification too.
 */
async function listening<T>(subscribe: (signal: AbortSignal) => Promise<AsyncIterable<T>>, timeoutMs = 30_000): Promise<{ first: Promise<T> }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error('no notification')), timeoutMs);
  const done = () => {
    clearTimeout(timer);
    controller.abort();
  };
  let notifications: AsyncIterable<T>;
  try {
    notifications = await subscribe(controller.signal);
  } catch (error) {
    done();
    throw error;
  }
  // Asked for at once: kit hands a notification only to an iterator that exists when it arrives.
  const next = notifications[Symbol.asyncIterator]().next();
  const first = next.then((result) => (result.done ? Promise.reject(new Error('no notification: the subscription ended')) : result.value)).finally(done);
  return { first };
}

/** The first notification of a kit subscription, or a failure after `timeoutMs`. */
async function first<T>(subscribe: (signal: AbortSignal) => Promise<AsyncIterable<T>>, timeoutMs = 30_000): Promise<T> {
  return (await listening(subscribe, timeoutMs)).first;
}

describe('subscriptions through @solana/kit', () => {
  it('signatureSubscribe on an already-landed transaction fires at once', async () => {
    // A chain that makes no empty blocks: once the transfer has landed nothing else happens on it,
    // so only the subscription itself can answer, not a later block.
    const still = await startTestChain({ blockIntervalMs: 0 });
    try {
      const payer = await fundedSigner(still);
      const transaction = await signedTransaction(still, payer, [transfer(payer, (await generateKeyPairSigner()).address, 1_000_000_000n)]);
      await still.sendAndConfirm(transaction, { commitment: 'confirmed' });
      const landedAt = await still.rpc.getSlot().send();
      const notification = await first((abortSignal) =>
        still.rpcSubscriptions.signatureNotifications(getSignatureFromTransaction(transaction), { commitment: 'confirmed' }).subscribe({ abortSignal }),
      );
      expect(notification).toEqual({ context: { slot: landedAt }, value: { err: null } });
      expect(await still.rpc.getSlot().send()).toBe(landedAt);
    } finally {
      await still.localnet.stop();
    }
  });

  it('accountSubscribe and logsSubscribe fire on a transfer', async () => {
    const payer = await fundedSigner(chain);
    const recipient = await generateKeyPairSigner();
    // Both registered with the chain before the transfer is sent.
    const accountChange = await listening((abortSignal) =>
      chain.rpcSubscriptions.accountNotifications(recipient.address, { encoding: 'base64', commitment: 'confirmed' }).subscribe({ abortSignal }),
    );
    const logs = await listening((abortSignal) => chain.rpcSubscriptions.logsNotifications({ mentions: [recipient.address] }).subscribe({ abortSignal }));
    const transaction = await signedTransaction(chain, payer, [transfer(payer, recipient.address, 1_500_000_000n)]);
    await chain.sendAndConfirm(transaction, { commitment: 'confirmed' });
    const { value: account } = await accountChange.first;
    expect(account.lamports).toBe(lamports(1_500_000_000n));
    expect(account.owner).toBe('11111111111111111111111111111111');
    const { value: logged } = await logs.first;
    expect(logged.signature).toBe(getSignatureFromTransaction(transaction));
    expect(logged.err).toBeNull();
  });

  it('slotSubscribe follows the blocks', async () => {
    const { slot, parent } = await first((abortSignal) => chain.rpcSubscriptions.slotNotifications().subscribe({ abortSignal }));
    expect(parent).toBe(slot - 1n);
  });
});

/** Enough of a ws WebSocket for PubSub: messages in, sent frames recorded. */
class SocketStandIn extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  readonly sent: Record<string, unknown>[] = [];
  send(text: string): void {
    const frame = parseJson(text) as Record<string, unknown>;
    this.sent.push(frame);
    if (typeof frame.id === 'number') this.emit(`answer:${frame.id}`);
  }
  /** Sends a request; resolves once PubSub has sent its answer (the frame with its id). */
  request(request: { id: number }): Promise<void> {
    const answered = new Promise<void>((resolve) => this.once(`answer:${request.id}`, () => resolve()));
    this.emit('message', Buffer.from(stringifyJson(request)));
    return answered;
  }
}

describe('subscription bookkeeping', () => {
  it('unsubscribes, refuses unknown ids, and drops everything when the socket closes', async () => {
    const local = new Chain({ confirmationLagMs: 0 });
    const pubsub = new PubSub(local);
    const socket = new SocketStandIn();
    pubsub.attach(socket as unknown as WebSocket);

    await socket.request(rpcRequest('slotSubscribe', [], 1));
    await socket.request(rpcRequest('accountSubscribe', [(await generateKeyPairSigner()).address], 2));
    await socket.request(rpcRequest('logsSubscribe', ['all'], 3));
    expect(pubsub.subscriptionCount).toBe(3);
    const slotId = socket.sent[0]?.result;
    local.produceEmptyBlock();
    expect(socket.sent.at(-1)).toMatchObject({ method: 'slotNotification', params: { result: { slot: 1, parent: 0, root: 1 }, subscription: slotId } });

    await socket.request(rpcRequest('slotUnsubscribe', [slotId as number], 4));
    expect(socket.sent.at(-1)).toMatchObject({ id: 4, result: true });
    await socket.request(rpcRequest('slotUnsubscribe', [slotId as number], 5));
    expect(socket.sent.at(-1)).toMatchObject({ id: 5, error: { code: -32602, message: 'Invalid subscription id.' } });
    await socket.request(rpcRequest('accountSubscribe', ['not-a-key'], 6));
    expect(socket.sent.at(-1)).toMatchObject({ id: 6, error: { code: -32602 } });
    expect(pubsub.subscriptionCount).toBe(2);

    socket.emit('close');
    expect(pubsub.subscriptionCount).toBe(0);
    pubsub.close();
  });

  it("rootSubscribe and programSubscribe: Agave's notification shapes, filters checked, unsubscribed", async () => {
    const local = new Chain({ confirmationLagMs: 0 });
    const pubsub = new PubSub(local);
    const socket = new SocketStandIn();
    pubsub.attach(socket as unknown as WebSocket);

    await socket.request(rpcRequest('rootSubscribe', [], 1));
    const rootId = socket.sent.at(-1)?.result;
    local.produceEmptyBlock();
    expect(socket.sent.at(-1)).toEqual({ jsonrpc: '2.0', method: 'rootNotification', params: { result: 1, subscription: rootId } });

    const program = '11111111111111111111111111111111';
    await socket.request(rpcRequest('programSubscribe', [program, { encoding: 'base64', filters: [{ dataSize: 0 }, { memcmp: { offset: 0, bytes: '' } }] }], 2));
    const programId = socket.sent.at(-1)?.result;
    expect(typeof programId).toBe('number');
    for (const filters of [[{ dataSize: -1 }], [{ memcmp: { offset: 0, bytes: '0OIl' } }], [{ other: 1 }], Array.from({ length: 5 }, () => ({ dataSize: 0 }))]) {
      await socket.request(rpcRequest('programSubscribe', [program, { filters }], 3));
      expect(socket.sent.at(-1)).toMatchObject({ id: 3, error: { code: -32602 } });
    }

    await socket.request(rpcRequest('rootUnsubscribe', [rootId as number], 4));
    await socket.request(rpcRequest('programUnsubscribe', [programId as number], 5));
    expect(socket.sent.slice(-2)).toMatchObject([{ id: 4, result: true }, { id: 5, result: true }]);
    expect(pubsub.subscriptionCount).toBe(0);
    pubsub.close();
  });
});
