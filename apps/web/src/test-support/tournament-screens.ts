// What the tournament screens' tests share: the scripted tournament API on the fake server and
// a restored session (a real test wallet and a stored token).
import type { Tournament, TournamentDetail } from '@duel-dojo/protocol';
import { STORAGE_KEYS } from '../features/storage/local-store';
import type { FakeServer } from './fake-server';
import { registerTestWallet } from './test-wallet';

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
export const refusal = (status: number, message: string) => json({ success: false, message }, status);

/** GET /api/tournaments answers `tournaments()` (read at each call, so a test can change it). */
export function serveList(server: FakeServer, tournaments: () => readonly Tournament[]): void {
  server.overrides.set('GET /api/tournaments', () => json({ success: true, tournaments: tournaments(), total: tournaments().length }));
}

export function serveDetail(server: FakeServer, detail: () => TournamentDetail): void {
  server.overrides.set(`GET /api/tournaments/${detail().tournamentId}`, () => json({ success: true, tournament: detail() }));
}

/** A signed-in player "kenji" (session user id `user-kenji`), restored from storage on load. */
export async function restoreSession(server: FakeServer): Promise<{ address: string; unregister: () => void }> {
  const wallet = await registerTestWallet('Tournament Wallet', 'sign');
  server.addUser(wallet.address, 'kenji');
  window.localStorage.setItem(STORAGE_KEYS.authToken, server.issueToken(wallet.address));
  window.localStorage.setItem(STORAGE_KEYS.walletName, 'Tournament Wallet');
  return wallet;
}

export const KENJI_ID = 'user-kenji';
