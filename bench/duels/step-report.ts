// The duels benchmark's printed lines: one table row per run, the details under it, and the V8
// profile of a run when asked for (`-- --profile`).
import { meanRounds } from './game-lengths';
import type { ProfileLine } from './profiler';
import { type Step, TARGET_P99_MS, bytesPerRound, cpuPer1k, keptUp, messagesPerRound, mibPer1kSockets, otherShare } from './step';

export const fixed = (value: number | null, digits: number, width: number) => (value === null || !Number.isFinite(value) ? '-' : value.toFixed(digits)).padStart(width);
export const percent = (share: number | null) => (share === null ? '?' : `${Math.round(100 * share)} %`);

export const HEADER =
  'duels  server  rounds/s   p50   p99  p99 mid  p99 last  p99 timer  CPU s/1k rounds  CPU %  DB CPU %  RSS MiB  MiB/1k sockets  join p99  clients CPU %  client lag p99  other CPU before/during  p99≤50';

export function row(step: Step): string {
  const f = step.figures;
  const verdict = !keptUp(step) ? 'NO (load)' : f.all.p99 <= TARGET_P99_MS ? 'yes' : 'NO';
  return [
    String(step.duels).padStart(5),
    step.kind.padStart(7),
    fixed(f.rounds / step.seconds, 0, 9),
    fixed(f.all.p50, 1, 5),
    fixed(f.all.p99, 1, 5),
    fixed(f.midGame.p99, 1, 8),
    fixed(f.gameOver.p99, 1, 9),
    fixed(f.timer.p99, 1, 10),
    fixed(cpuPer1k(step), 2, 16),
    fixed((100 * step.cpuSeconds) / step.seconds, 0, 6),
    fixed(step.dbCpuSeconds === null ? null : (100 * step.dbCpuSeconds) / step.seconds, 0, 9),
    fixed(step.rssEnd, 0, 8),
    fixed(mibPer1kSockets(step), 1, 15),
    fixed(step.joinWait.p99, 0, 9),
    fixed((100 * step.clientCpuSeconds) / step.seconds, 0, 14),
    fixed(step.clientLagP99, 1, 15),
    `${percent(step.otherBefore)} / ${percent(otherShare(step))}`.padStart(24),
    verdict.padStart(8),
  ].join(' ');
}

export function details(step: Step): string {
  const f = step.figures;
  const games = step.roundsPerGame.reduce((sum, n) => sum + n, 0);
  const errors = Object.entries(step.counts)
    .filter(([name]) => name.startsWith('error') || name.startsWith('disconnected'))
    .map(([name, n]) => `${name} ×${n}`);
  const sizes = Object.entries(step.payloadBytes)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, { n, bytes }]) => `${name} ${Math.round(bytes / Math.max(1, n))}`);
  return [
    `  ${step.kind} at ${step.duels} duels: ${step.sockets} sockets connected in ${step.connectSeconds.toFixed(1)} s (${step.connectFailed} failed); ${f.rounds} rounds in ${step.seconds.toFixed(1)} s`,
    `    close -> roundEnd ms: all p50 ${fixed(f.all.p50, 1, 0)} p99 ${fixed(f.all.p99, 1, 0)} max ${fixed(f.all.max, 1, 0)} (n ${f.all.n}); both acted p50 ${fixed(f.bothActed.p50, 1, 0)} p99 ${fixed(f.bothActed.p99, 1, 0)} (n ${f.bothActed.n}); timer p50 ${fixed(f.timer.p50, 1, 0)} p99 ${fixed(f.timer.p99, 1, 0)} (n ${f.timer.n}); last round p50 ${fixed(f.gameOver.p50, 1, 0)} p99 ${fixed(f.gameOver.p99, 1, 0)} (n ${f.gameOver.n}); unpaired ${f.unknown}`,
    `    server: event-loop delay p99 ${step.probe.loopDelayP99Ms.toFixed(1)} max ${step.probe.loopDelayMaxMs.toFixed(1)} ms; GC ${step.probe.gcCount}× ${step.probe.gcTotalMs.toFixed(0)} ms in all, longest ${step.probe.gcMaxMs.toFixed(1)} ms` +
      (step.probe.db
        ? `; select 1 through its pool p50 ${fixed(step.probe.db.p50Ms, 1, 0)} p99 ${fixed(step.probe.db.p99Ms, 1, 0)} max ${fixed(step.probe.db.maxMs, 1, 0)} ms, up to ${step.probe.db.poolWaitingMax} queries waiting for a connection`
        : '') +
      '\n' +
      `    server: ${step.cpuSeconds.toFixed(2)} CPU s` +
      (step.syscalls ? ` (${(step.syscalls.writes / Math.max(1, f.rounds)).toFixed(1)} write and ${(step.syscalls.reads / Math.max(1, f.rounds)).toFixed(1)} read system calls per round)` : '') +
      `, RSS idle ${step.rssIdle.toFixed(0)} / connected ${step.rssConnected.toFixed(0)} / playing ${step.rssEnd.toFixed(0)} MiB` +
      (step.dbCpuSeconds === null ? '' : `; PostgreSQL backends ${step.dbCpuSeconds.toFixed(2)} CPU s`) +
      `; clients ${step.clientCpuSeconds.toFixed(2)} CPU s, event-loop lag p99 ${step.clientLagP99.toFixed(1)} ms; machine busy ${percent(step.machine?.busy ?? null)} (interrupts ${percent(step.machine?.interrupts ?? null)}, other processes ${percent(otherShare(step))})`,
    `    join -> match ms p50 ${fixed(step.joinWait.p50, 0, 0)} p99 ${fixed(step.joinWait.p99, 0, 0)}; ${games / 2} games over, ${meanRounds(step.roundsPerGame).toFixed(2)} rounds per game (${histogram(step.roundsPerGame)}); ${errors.length ? errors.join(', ') : 'no errors or disconnects'}`,
    `    clients received ${fixed(messagesPerRound(step), 1, 0)} messages and ${fixed(bytesPerRound(step), 0, 0)} bytes per round of a duel (both players, all events); mean payload bytes (JSON): ${sizes.join(', ')}`,
  ].join('\n');
}

/** "rounds:games" for each length that occurred. */
function histogram(counts: readonly number[]): string {
  return counts.flatMap((n, rounds) => (n > 0 ? [`${rounds}:${n / 2}`] : [])).join(' ');
}

export function printProfile(step: Step): void {
  const { profile } = step.probe;
  if (!profile) return;
  // Sampled time per round: comparable between the game server and the relay at the same N.
  const perRound = (item: ProfileLine) => (10_000 * item.percent * profile.seconds) / Math.max(1, step.figures.rounds);
  const lines = (title: string, items: ProfileLine[]) => {
    console.log(`    ${title}`);
    for (const item of items) console.log(`      ${item.percent.toFixed(1).padStart(5)} % ${perRound(item).toFixed(0).padStart(5)} µs/round  ${item.name}`);
  };
  console.log(`  profile of the ${step.kind} server at ${step.duels} duels (${profile.seconds.toFixed(1)} s of wall-clock samples incl. idle, ${step.figures.rounds} rounds):`);
  lines('self time by package', profile.selfByPackage.filter((item) => item.percent >= 0.1));
  lines('self time by function', profile.selfByFunction.slice(0, 20));
  if (step.kind === 'game') lines('inclusive time, our code', profile.inclusiveOurs.slice(0, 24));
}
