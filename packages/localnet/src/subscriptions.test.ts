// PubSub: @solana/kit's subscriptions against the real WebSocket server, and the per-socket
// bookkeeping (unsubscribe, cleanup on close) against a socket stand-in.
import { EventEmitter } from 'node:events';
import { generateKeyPairSigner, getSignatureFromTransaction, lamports } from '@solana/kit';
import type { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJson, stringifyJson } from './bigint-json';
import { Chain } from './chain';
import { PubSub } from './pubsub';
import { fundedSigner, rpcRequest, signedTransaction, startTestChain, transfer, type TestChain } from './test-support';

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(() => chain.localnet.stop());

/** The first notification of a kit subscription, or a failure after `timeoutMs`. */
async function first<T>(subscribe: (signal: AbortSignal) => Promise<AsyncIterable<T>>, timeoutMs = 30_000): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error('no notification')), timeoutMs);
  try {
    for await (const notification of await subscribe(controller.signal)) return notification;
    throw new Error('subscription ended');
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

describe('subscriptions through @solana/kit', () => {
  it('signatureSubscribe on an already-landed transaction fires at once', async () => {
    const payer = await fundedSigner(chain);
    const transaction = await signedTransaction(chain, payer, [transfer(payer, (await generateKeyPairSigner()).address, 1_000_000_000n)]);
    await chain.sendAndConfirm(transaction, { commitment: 'confirmed' });
    const started = Date.now();
    const notification = await first((abortSignal) =>
      chain.rpcSubscriptions.signatureNotifications(getSignatureFromTransaction(transaction), { commitment: 'confirmed' }).subscribe({ abortSignal }),
    );
    expect(notification.value).toEqual({ err: null });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('accountSubscribe and logsSubscribe fire on a transfer', async () => {
    const payer = await fundedSigner(chain);
    const recipient = await generateKeyPairSigner();
    const accountChange = first((abortSignal) =>
      chain.rpcSubscriptions.accountNotifications(recipient.address, { encoding: 'base64', commitment: 'confirmed' }).subscribe({ abortSignal }),
    );
    const logs = first((abortSignal) => chain.rpcSubscriptions.logsNotifications({ mentions: [recipient.address] }).subscribe({ abortSignal }));
    await new Promise((resolve) => setTimeout(resolve, 100)); // let both subscriptions be registered
    const transaction = await signedTransaction(chain, payer, [transfer(payer, recipient.address, 1_500_000_000n)]);
    await chain.sendAndConfirm(transaction, { commitment: 'confirmed' });
    const { value: account } = await accountChange;
    expect(account.lamports).toBe(lamports(1_500_000_000n));
    expect(account.owner).toBe('11111111111111111111111111111111');
    const { value: logged } = await logs;
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
    this.sent.push(parseJson(text) as Record<string, unknown>);
  }
  request(request: unknown): Promise<void> {
    this.emit('message', Buffer.from(stringifyJson(request)));
    return new Promise((resolve) => setTimeout(resolve, 20));
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
