// GET /api/user/{wallet}/money: the signed-in wallet's movements of SOL, a page at a time. Private:
// the server answers only the wallet's own bearer token (401 without one, 403 for another wallet).
import type { WalletMoneyAnswer } from '@duel-dojo/protocol';
import { requestJson } from './http';

// The schema of its answer, loaded where used (net/protocol.ts).
const walletMoneyArea = () => import('@duel-dojo/protocol/wallet-money');

export interface WalletMoneyPageRequest {
  readonly token: string;
  /** The previous page's `nextCursor`; absent for the newest page. */
  readonly cursor?: string | null;
  readonly limit?: number;
  readonly signal?: AbortSignal;
}

export function fetchWalletMoney(wallet: string, { token, cursor, limit, signal }: WalletMoneyPageRequest): Promise<WalletMoneyAnswer> {
  const query = new URLSearchParams();
  if (cursor) query.set('cursor', cursor);
  if (limit !== undefined) query.set('limit', String(limit));
  const search = query.toString();
  return requestJson(`/api/user/${encodeURIComponent(wallet)}/money${search ? `?${search}` : ''}`, () => walletMoneyArea().then((area) => area.walletMoneyAnswer), { token, signal });
}
