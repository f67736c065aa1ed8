// The live-duels issue's targets, each as a ratio to the relay measured in the same run (the
// floor: a bare Socket.IO relay of the same messages), with met / NOT met. Printed per N and once
// for the whole ladder; nothing is asserted (a busy machine moves every figure, see "other CPU").
import { fixed } from './step-report';
import { type Step, TARGET_P99_MS, bytesPerRound, cpuPer1k, passed } from './step';

export const TARGETS = {
  /** Game server CPU per 1,000 rounds at most this many times the relay's. */
  cpuRatio: 1.3,
  /** The last round of a game (its record is written) at most this many times a mid-game round's p99. */
  lastRoundRatio: 1.2,
  /** join -> match p99 at most this many times the relay's, at every N. */
  joinRatio: 2,
  /** All messages out per round of a duel (both players): 1.5 KB. */
  bytesPerRound: 1_500,
  /** No query waiting for a pool connection from this many duels. */
  poolDuels: 1_000,
} as const;

const verdict = (met: boolean | null) => (met === null ? '(no figure)' : met ? 'met' : 'NOT met');
const ratio = (a: number, b: number) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? a / b : Number.NaN);
const check = (value: number, limit: number) => (Number.isFinite(value) ? value <= limit : null);

/** The per-N block: game server beside the relay of the same N. */
export function targetLines(game: Step, relay: Step): string[] {
  const cpu = ratio(cpuPer1k(game), cpuPer1k(relay));
  const last = ratio(game.figures.gameOver.p99, game.figures.midGame.p99);
  const join = ratio(game.joinWait.p99, relay.joinWait.p99);
  const waiting = game.probe.db?.poolWaitingMax ?? null;
  const bytes = (step: Step) => `${fixed(bytesPerRound(step), 0, 0)} B ${verdict(check(bytesPerRound(step), TARGETS.bytesPerRound))}`;
  return [
    `  targets at ${game.duels} duels (game server against the relay of this run):`,
    `    CPU per 1,000 rounds: ${fixed(cpuPer1k(game), 2, 0)} / ${fixed(cpuPer1k(relay), 2, 0)} s = ${fixed(cpu, 2, 0)}× the relay (≤ ${TARGETS.cpuRatio}×): ${verdict(check(cpu, TARGETS.cpuRatio))}`,
    `    p99 ≤ ${TARGET_P99_MS} ms: game server ${fixed(game.figures.all.p99, 1, 0)} ms ${passed(game) ? 'yes' : 'NO'}, relay ${fixed(relay.figures.all.p99, 1, 0)} ms ${passed(relay) ? 'yes' : 'NO'}`,
    `    last-round p99 / mid-game p99 (game server): ${fixed(game.figures.gameOver.p99, 1, 0)} / ${fixed(game.figures.midGame.p99, 1, 0)} ms = ${fixed(last, 2, 0)}× (≤ ${TARGETS.lastRoundRatio}×): ${verdict(check(last, TARGETS.lastRoundRatio))}`,
    `    queries waiting for a pool connection: at most ${waiting ?? '?'}` + (game.duels >= TARGETS.poolDuels ? ` (none at ${TARGETS.poolDuels.toLocaleString('en')} duels): ${verdict(waiting === null ? null : waiting === 0)}` : ''),
    `    join -> match p99: ${fixed(game.joinWait.p99, 0, 0)} / ${fixed(relay.joinWait.p99, 0, 0)} ms = ${fixed(join, 2, 0)}× the relay (≤ ${TARGETS.joinRatio}×): ${verdict(check(join, TARGETS.joinRatio))}`,
    `    bytes per round of a duel, all messages out (≤ ${TARGETS.bytesPerRound} B): game server ${bytes(game)}, relay ${bytes(relay)}`,
    `    idle RSS: ${fixed(game.rssIdle, 0, 0)} / ${fixed(relay.rssIdle, 0, 0)} MiB = ${fixed(ratio(game.rssIdle, relay.rssIdle), 2, 0)}× the relay`,
  ];
}

/** The whole ladder: the largest N within the p99 target, and join -> match at every N. */
export function ladderLines(steps: readonly Step[]): string[] {
  const largest = (kind: Step['kind']) => steps.filter((step) => step.kind === kind && passed(step)).at(-1)?.duels ?? null;
  const game = largest('game');
  const relay = largest('relay');
  const pairs = steps.flatMap((step) => {
    const other = step.kind === 'game' ? steps.find((r) => r.kind === 'relay' && r.duels === step.duels) : undefined;
    return other ? [{ duels: step.duels, ratio: ratio(step.joinWait.p99, other.joinWait.p99) }] : [];
  });
  const joinMet = pairs.length === 0 ? null : pairs.every((pair) => pair.ratio <= TARGETS.joinRatio);
  return [
    `Largest N with p99 ≤ ${TARGET_P99_MS} ms: game server ${game ?? 'none'}, relay ${relay ?? 'none'} (game server's ≥ relay's): ${verdict(relay === null ? null : (game ?? 0) >= relay)}`,
    `join -> match p99 ≤ ${TARGETS.joinRatio}× the relay's at every N (${pairs.map((pair) => `${pair.duels}: ${fixed(pair.ratio, 2, 0)}×`).join(', ')}): ${verdict(joinMet)}`,
  ];
}
