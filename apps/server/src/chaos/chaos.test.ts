// docs/security.md 28 in CI, short: the real server process (main.ts on PGlite in a temp DATA_DIR,
// the local chain as a process of its own) killed with SIGKILL three times at random moments
// while players pay real stakes, play paid games over Socket.IO and claim their wins over two
// sockets at once, restarted after each kill; the chain paused (SIGSTOP) for a few seconds in at
// least one of the waits, so the server's RPC calls time out. Then, with the server up again,
// every won game's winner was paid exactly once (balances moved by exactly the payout, every claim
// answer carries the one signature), every draw and cancel refunded exactly once, and `npm run
// ledger:check` on the same data prints a zero difference and exits 0. The storm, the kills and
// the audit: src/test-support/chaos/; the long run is `npm run chaos` (bench/README.md, "Chaos").
import { describe, expect, it } from 'vitest';
import { runChaos } from '../test-support/chaos/chaos-run';

describe('chaos: kill -9 of the server and RPC faults during a storm of paid games and claims', () => {
  it('SECURITY 28: after three kills and restarts and a paused chain, every payout and refund was made exactly once and the ledger matches the chain', { timeout: 360_000 }, async () => {
    const report = await runChaos({ kills: 3, chainPauses: true });
    const context = `seed ${report.seed}; data ${report.dataDir ?? 'removed'}; held ${report.held.join(' | ') || 'none'}; anomalies: ${report.anomalies.join(' | ') || 'none'}`;
    expect(report.violations, context).toEqual([]);
    expect(report.restarts).toBe(3);
    expect(report.killFigures.chainPauses).toBeGreaterThan(0);
    expect(report.duplicatePayouts).toBe(0);
    expect(report.ledgerDifference).toBe(0n);
    expect(report.ledgerExitCode).toBe(0);
    // Not vacuous: games were paid out and refunded, and claims were answered.
    expect(report.books.payouts, context).toBeGreaterThan(0);
    expect(report.books.refunds, context).toBeGreaterThan(0);
    expect(report.claimAnswers).toBeGreaterThan(report.books.payouts);
  });
});
