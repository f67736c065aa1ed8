// What the money page's tests share: movements in protocol's shape, the scripted
// GET /api/user/{wallet}/money on the fake server (with the query and token it was asked with),
// and a restored session.
import { type MoneyMovement, type WalletMoneyAnswer, encodeBase58 } from '@duel-dojo/protocol';
import { STORAGE_KEYS } from '../features/storage/local-store';
import type { FakeServer } from './fake-server';
import { registerTestWallet } from './test-wallet';

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A real-looking transaction signature: 64 bytes in base58. */
export const signature = (seed: number) => encodeBase58(new Uint8Array(64).fill(seed));

let counter = 0;

export function movement(overrides: Partial<MoneyMovement> = {}): MoneyMovement {
  counter += 1;
  return {
    id: `row-${counter}`,
    kind: 'stakePaid',
    reason: null,
    direction: 'out',
    lamports: '33333333',
    status: 'confirmed',
    transactionSignature: signature(counter % 200 + 1),
    sessionId: null,
    tournamentId: null,
    characterId: null,
    createdAt: '2026-03-01T12:00:00.000Z',
    ...overrides,
  };
}

export function page(wallet: string, movements: MoneyMovement[], options: { nextCursor?: string | null; totals?: WalletMoneyAnswer['totals'] } = {}): WalletMoneyAnswer {
  return {
    success: true,
    walletAddress: wallet,
    totals: options.totals ?? { inLamports: '0', outLamports: '0', netLamports: '0' },
    movements,
    nextCursor: options.nextCursor ?? null,
  };
}

export interface MoneyRequest {
  readonly cursor: string | null;
  readonly limit: string | null;
  readonly authorization: string | null;
}

/** Answers the wallet's money with `answer(request)`; returns every request seen, in order. */
export function serveMoney(server: FakeServer, wallet: string, answer: (request: MoneyRequest, index: number) => Response): MoneyRequest[] {
  const seen: MoneyRequest[] = [];
  const inner = server.fetch.bind(server);
  server.fetch = (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== `/api/user/${wallet}/money`) return inner(input, init);
    const request = { cursor: url.searchParams.get('cursor'), limit: url.searchParams.get('limit'), authorization: new Headers(init?.headers).get('authorization') };
    seen.push(request);
    return Promise.resolve(answer(request, seen.length - 1));
  };
  return seen;
}

/** A signed-in player "saver", restored from storage on load. */
export async function restoreSession(server: FakeServer): Promise<{ address: string; unregister: () => void }> {
  const wallet = await registerTestWallet('Money Wallet', 'sign');
  server.addUser(wallet.address, 'saver');
  window.localStorage.setItem(STORAGE_KEYS.authToken, server.issueToken(wallet.address));
  window.localStorage.setItem(STORAGE_KEYS.walletName, 'Money Wallet');
  return { address: wallet.address, unregister: wallet.unregister };
}
