// The treasury's books against the chain (GET /api/ledger/summary, read as the operator with the
// OPERATOR_TOKEN the global setup gave the server): every transfer the server sent is settled
// and the ledger matches the treasury's on-chain balance to the lamport.
import { expect, inject } from 'vitest';

interface LedgerSummary {
  readonly differenceLamports: string;
  readonly unsettled: number;
}

async function ledgerSummary(baseUrl: string): Promise<LedgerSummary> {
  const response = await fetch(`${baseUrl}/api/ledger/summary`, { headers: { authorization: `Bearer ${inject('operatorToken')}` } });
  if (!response.ok) throw new Error(`the ledger summary answered ${response.status}`);
  return response.json() as Promise<LedgerSummary>;
}

export async function expectLedgerReconciled(baseUrl: string): Promise<void> {
  await expect.poll(async () => (await ledgerSummary(baseUrl)).unsettled, { timeout: 30_000 }).toBe(0);
  expect((await ledgerSummary(baseUrl)).differenceLamports).toBe('0');
}
