// The JSON-RPC envelope and hostile input: Solana's error codes, batches, and a node that keeps
// running whatever it is sent.
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJson } from './bigint-json';
import { FAUCET_ADDRESS } from './genesis';
import { rawRpc, rpcRequest, startTestChain, type TestChain } from './test-support/test-chain';

let chain: TestChain;
let url: string;
beforeAll(async () => {
  chain = await startTestChain();
  url = chain.localnet.rpcUrl;
});
afterAll(() => chain.localnet.stop());

const errorCode = (answer: unknown) => (answer as { error?: { code: number } }).error?.code;

describe('JSON-RPC envelope', () => {
  it('answers a batch in order, errors included', async () => {
    const answer = (await rawRpc(url, [
      rpcRequest('getSlot', [], 1),
      rpcRequest('noSuchMethod', [], 2),
      rpcRequest('getBalance', [FAUCET_ADDRESS], 3),
      { jsonrpc: '2.0', method: 'getSlot' }, // a notification: run, not answered
      { id: 5, method: 'getSlot' }, // no jsonrpc: invalid request
    ])) as { id: number; error?: { code: number } }[];
    expect(answer.map((item) => item.id)).toEqual([1, 2, 3, 5]);
    expect(answer.map((item) => item.error?.code)).toEqual([undefined, -32601, undefined, -32600]);
  });

  it('uses -32700 for unparsable JSON and -32600 for an empty batch or a non-object', async () => {
    expect(errorCode(await rawRpc(url, '{"jsonrpc":'))).toBe(-32700);
    expect(errorCode(await rawRpc(url, '[]'))).toBe(-32600);
    expect(errorCode(await rawRpc(url, '42'))).toBe(-32600);
    expect(errorCode(await rawRpc(url, rpcRequest('getSlot', 'not-an-array' as never)))).toBe(-32602);
  });

  it('refuses malformed public keys and signatures with -32602 and stays up', async () => {
    const badKeys: unknown[] = ['', 'abc', '0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl', '1'.repeat(31), '2'.repeat(45), 'z'.repeat(44), 'x'.repeat(40_000), 7, null, { a: 1 }, ['x']];
    for (const key of badKeys) {
      for (const [method, params] of [
        ['getBalance', [key]],
        ['getAccountInfo', [key, { encoding: 'base64' }]],
        ['getMultipleAccounts', [[FAUCET_ADDRESS, key]]],
        ['getSignaturesForAddress', [key]],
        ['requestAirdrop', [key, 1_000_000_000]],
      ] as const) {
        expect(errorCode(await rawRpc(url, rpcRequest(method, [...params]))), `${method} ${String(key).slice(0, 50)}`).toBe(-32602);
      }
    }
    const badSignatures: unknown[] = ['', 'abc', FAUCET_ADDRESS, '1'.repeat(89), 'l'.repeat(88), 12];
    for (const signature of badSignatures) {
      expect(errorCode(await rawRpc(url, rpcRequest('getTransaction', [signature])))).toBe(-32602);
      expect(errorCode(await rawRpc(url, rpcRequest('getSignatureStatuses', [[signature]])))).toBe(-32602);
      expect(errorCode(await rawRpc(url, rpcRequest('getSignaturesForAddress', [FAUCET_ADDRESS, { before: signature }])))).toBe(-32602);
    }
    expect(errorCode(await rawRpc(url, rpcRequest('isBlockhashValid', ['not-a-hash'])))).toBe(-32602);
    expect(await chain.rpc.getHealth().send()).toBe('ok');
  });

  it('refuses malformed transactions with -32602', async () => {
    for (const [encoded, encoding] of [
      ['AAAA', 'base64'],
      ['!!!!', 'base64'],
      ['0OIl', 'base58'],
      [Buffer.alloc(300, 1).toString('base64'), 'base64'],
      ['A'.repeat(5000), 'base64'],
      [12, 'base64'],
    ] as const) {
      expect(errorCode(await rawRpc(url, rpcRequest('sendTransaction', [encoded, { encoding }])))).toBe(-32602);
      expect(errorCode(await rawRpc(url, rpcRequest('simulateTransaction', [encoded, { encoding }])))).toBe(-32602);
    }
    expect(errorCode(await rawRpc(url, rpcRequest('sendTransaction', ['AQ==', { encoding: 'base32' }])))).toBe(-32602);
    expect(await chain.rpc.getHealth().send()).toBe('ok');
  });

  it('refuses bad numbers and configs with -32602', async () => {
    expect(errorCode(await rawRpc(url, rpcRequest('getMinimumBalanceForRentExemption', [-1])))).toBe(-32602);
    expect(errorCode(await rawRpc(url, rpcRequest('getMinimumBalanceForRentExemption', [1.5])))).toBe(-32602);
    expect(errorCode(await rawRpc(url, rpcRequest('requestAirdrop', [FAUCET_ADDRESS, 2n ** 64n])))).toBe(-32602);
    expect(errorCode(await rawRpc(url, rpcRequest('getBalance', [FAUCET_ADDRESS, { commitment: 'soon' }])))).toBe(-32602);
    expect(errorCode(await rawRpc(url, rpcRequest('getSignaturesForAddress', [FAUCET_ADDRESS, { limit: 1001 }])))).toBe(-32602);
    expect(errorCode(await rawRpc(url, rpcRequest('getBalance', [FAUCET_ADDRESS, { minContextSlot: 10 ** 12 }])))).toBe(-32016);
    expect(errorCode(await rawRpc(url, rpcRequest('getBlockTime', [10 ** 12])))).toBe(-32004);
  });

  it('serves HTTP like a validator: CORS preflight, GET /health, body limit', async () => {
    const preflight = await fetch(url, { method: 'OPTIONS', headers: { origin: 'http://localhost:3000', 'access-control-request-headers': 'content-type,solana-client' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(await (await fetch(`${url}/health`)).text()).toBe('ok');
    const huge = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(60 * 1024) });
    expect(huge.status).toBe(413);
  });

  it('accepts WebSocket upgrades on the HTTP port too', async () => {
    const socket = new WebSocket(url.replace('http', 'ws'));
    const answer = await new Promise<unknown>((resolve, reject) => {
      socket.on('open', () => socket.send(JSON.stringify(rpcRequest('slotSubscribe', [], 9))));
      socket.on('message', (data) => resolve(parseJson(data.toString())));
      socket.on('error', reject);
    });
    socket.close();
    expect(answer).toMatchObject({ id: 9, result: expect.any(Number) });
  });
});
