// `npm run chaos` (docs/security.md 28, the long run; bench/README.md "Chaos"): the real server
// process killed with SIGKILL 20 times (or more) at random moments during a storm of paid games and
// claims, restarted after each kill, then audited: exactly-once payouts and refunds, on the chain
// and in the books, and `npm run ledger:check` at zero. Prints its figures; exits 1 when an
// invariant broke. The run itself is apps/server/src/test-support/chaos/chaos-run.ts, which the CI
// test (apps/server/src/chaos/chaos.test.ts) runs with three kills.
//
//   npm run chaos                              # 20 kills
//   npm run chaos -- --kills 50 --players 12 --seed 42
//   npm run chaos -- --chain-pauses            # also RPC faults: the chain paused for moments
//   CHAOS_KILLS=30 npm run chaos
import { parseArgs } from 'node:util';
import { type ChaosReport, GAME_TIMINGS, runChaos } from '../../apps/server/src/test-support/chaos/chaos-run';

const { values } = parseArgs({
  options: {
    kills: { type: 'string', default: process.env.CHAOS_KILLS ?? '20' },
    players: { type: 'string', default: process.env.CHAOS_PLAYERS ?? '8' },
    seed: { type: 'string', default: process.env.CHAOS_SEED },
    'kill-after': { type: 'string', default: process.env.CHAOS_KILL_AFTER_MS ?? '2000,6000' },
    timings: { type: 'string', default: process.env.CHAOS_GAME_TIMINGS_MS ?? GAME_TIMINGS },
    'chain-pauses': { type: 'boolean', default: process.env.CHAOS_CHAIN_PAUSES === '1' },
  },
});

function whole(name: string, value: string | undefined, min: number, max: number): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max) {
    console.error(`--${name} must be a whole number in ${min}-${max} (got ${JSON.stringify(value)})`);
    process.exit(2);
  }
  return number;
}

const kills = whole('kills', values.kills, 1, 10_000);
const players = whole('players', values.players, 2, 18);
const seed = values.seed === undefined ? undefined : whole('seed', values.seed, 0, 2 ** 31 - 1);
const [killMin, killMax] = (values['kill-after'] ?? '').split(',').map((part) => whole('kill-after', part, 0, 600_000));
if (killMin === undefined || killMax === undefined || killMax < killMin) {
  console.error('--kill-after must be min,max in ms, min ≤ max (e.g. 2000,6000)');
  process.exit(2);
}

const started = Date.now();
const stamp = () => `${String(Math.round((Date.now() - started) / 1000)).padStart(4)} s`;
const report = await runChaos({
  kills,
  players,
  killAfterMs: [killMin, killMax],
  gameTimingsMs: values.timings,
  chainPauses: values['chain-pauses'],
  ...(seed === undefined ? {} : { seed }),
  log: (line) => console.log(`${stamp()}  ${line}`),
});
for (const line of figures(report)) console.log(line);
process.exit(broken(report) ? 1 : 0);

function broken(run: ChaosReport): boolean {
  return run.violations.length > 0 || run.duplicatePayouts !== 0 || run.ledgerDifference !== 0n || run.ledgerExitCode !== 0;
}

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? 0;
}

function figures(run: ChaosReport): string[] {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const seen = (outcome: string) => run.seen.get(outcome as never)?.size ?? 0;
  const { books, killFigures: kills } = run;
  const lines = [
    '',
    `Chaos: ${run.kills} kills, ${players} players, seed ${run.seed}, game timings ${values.timings} ms, kill ${killMin}-${killMax} ms after each start, ${Math.round(run.seconds)} s`,
    `games played          ${books.gamesStarted}   (won ${books.gamesWon}, drawn ${books.gamesDrawn} of which ${seen('interrupted')} cut short by a kill; and ${books.gamesCancelled} cancelled or closed by a restart while waiting; ${run.cancelsSent} cancels sent)`,
    `claims sent           ${run.claimsSent}   (answered ${run.claimAnswers}, cut by a kill ${run.claimsCut}; ${run.payoutsAcrossKills} payouts claimed before a kill and paid after it)`,
    `kills                 ${run.kills}   (${kills.killsAmongClaims} while a payout's claim was in flight; they left ${kills.transfersCut.unsettled} transfers out unsettled, ${kills.transfersCut.landed} of them already on chain)`,
    `restarts              ${run.restarts}   (+1 stop and start for the audit${run.startFailures.length > 0 ? `; ${run.startFailures.length} starts died and were retried: ${run.startFailures.join(' | ')}` : ''})`,
    `payouts made          ${books.payouts}`,
    `duplicate payouts     ${run.duplicatePayouts}   (must be 0)`,
    `refunds               ${books.refunds}${books.heldStakes > 0 ? `   (+ ${books.heldStakes} stakes held for a later refund, bound to a game a kill never created; ${books.heldRefunded} given back already)` : ''}`,
    `ledger difference     ${run.ledgerDifference ?? 'not printed'} lamports   (must be 0; ledger:check exited ${run.ledgerExitCode})`,
    `time to recover       p50 ${seconds(percentile(kills.recoverMs, 0.5))}, max ${seconds(Math.max(0, ...kills.recoverMs))}   (SIGKILL until the restarted server answers /api/health)`,
  ];
  if (values['chain-pauses']) lines.push(`chain pauses          ${kills.chainPauses}, ${seconds(kills.chainPausedMs)} in all   (SIGSTOP of the chain process: the server's RPC calls hang)`);
  for (const stake of run.held) lines.push(`  held: ${stake}`);
  if (run.anomalies.length > 0) lines.push(`client anomalies      ${run.anomalies.length}: ${run.anomalies.slice(0, 5).join(' | ')}`);
  lines.push(broken(run) ? `BROKEN: ${run.violations.length} violations (data kept in ${run.dataDir}):` : 'OK: every payout and refund exactly once; the ledger matches the chain');
  for (const violation of run.violations) lines.push(`  - ${violation}`);
  return lines;
}
