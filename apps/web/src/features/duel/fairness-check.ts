// The Verify action (DESIGN.md "Provably fair"): in the browser, recompute every round's factor
// from the revealed seed with rules' roundFactors, check the commitment with rules' verifyFairness,
// and replay each round with rules' resolveRound to check that those factors give exactly the
// damage and healing the server announced. The replay, not any factor the server states, is what
// ties the seed to what was shown.
import { type Action, type Fighter, type FairnessRound, type Slot, SLOTS, characterOrDefault, resolveRound, roundFactors, verifyFairness } from '@duel-dojo/rules';

/** One side of a logged round: what roundEnd says. */
export interface LoggedSide {
  readonly action: Action | null;
  readonly prediction: Action | null;
  readonly damageTaken: number;
  readonly healingReceived: number;
}

export interface LoggedRound {
  readonly round: number;
  readonly player1Health: number;
  readonly player2Health: number;
  readonly player1: LoggedSide;
  readonly player2: LoggedSide;
}

export interface FairnessInput {
  readonly sessionId: string;
  readonly commitment: string;
  readonly serverSeed: string;
  /** Character ids by seat: player1's is playerCharacter, player2's opponentCharacter. */
  readonly characters: Readonly<Record<Slot, number>>;
  /** The rounds seen, any order; may be empty (history without a round log). */
  readonly rounds: readonly LoggedRound[];
  /** Rounds played in all, for the factor list when the log is missing some. */
  readonly roundsPlayed: number;
}

export interface RoundCheck {
  readonly round: number;
  readonly player1Factor: number;
  readonly player2Factor: number;
  /** null when this round is not in the log (only its factors are shown). */
  readonly matches: boolean | null;
}

export interface FairnessReport {
  readonly valid: boolean;
  readonly commitmentMatches: boolean;
  readonly rounds: readonly RoundCheck[];
  readonly mismatchedRounds: readonly number[];
  /** Every round played was in the log and replayed. */
  readonly complete: boolean;
  /** A malformed seed or record. */
  readonly error: string | null;
}

function fighter(id: number): Fighter {
  const { fightScore, defendScore } = characterOrDefault(id);
  return { fightScore, defendScore };
}

const moveOf = (side: LoggedSide) => (side.action && side.prediction ? { action: side.action, prediction: side.prediction } : null);

/** Replays one logged round with the recomputed factors; health before it is the previous round's end. */
function replays(input: FairnessInput, logged: LoggedRound, previous: LoggedRound | undefined, factors: Readonly<Record<Slot, number>>): boolean {
  const before = { player1: previous?.player1Health ?? 100, player2: previous?.player2Health ?? 100 };
  const side = (slot: Slot) => ({ fighter: fighter(input.characters[slot]), health: before[slot], move: moveOf(logged[slot]), factor: factors[slot] });
  const outcome = resolveRound({ round: logged.round, player1: side('player1'), player2: side('player2') });
  const knownBefore = logged.round === 1 || previous?.round === logged.round - 1;
  return SLOTS.every((slot) => {
    const sameEffects = outcome[slot].damageTaken === logged[slot].damageTaken && outcome[slot].healingReceived === logged[slot].healingReceived;
    const health = slot === 'player1' ? logged.player1Health : logged.player2Health;
    return sameEffects && (!knownBefore || outcome[slot].health === health);
  });
}

export function checkFairness(input: FairnessInput): FairnessReport {
  const logged = [...input.rounds].sort((a, b) => a.round - b.round);
  const played = Math.max(input.roundsPlayed, logged.at(-1)?.round ?? 0);
  try {
    const claimed: FairnessRound[] = [];
    const rounds: RoundCheck[] = [];
    for (let round = 1; round <= played; round += 1) {
      const factors = roundFactors(input.serverSeed, input.sessionId, round);
      claimed.push({ round, player1Factor: factors.player1, player2Factor: factors.player2 });
      const index = logged.findIndex((entry) => entry.round === round);
      const entry = logged[index];
      rounds.push({ round, player1Factor: factors.player1, player2Factor: factors.player2, matches: entry ? replays(input, entry, logged[index - 1], factors) : null });
    }
    const verdict = verifyFairness({ serverSeed: input.serverSeed, commitment: input.commitment, gameId: input.sessionId, rounds: claimed });
    const mismatchedRounds = [...verdict.mismatchedRounds, ...rounds.filter((entry) => entry.matches === false).map((entry) => entry.round)];
    return {
      valid: verdict.commitmentMatches && mismatchedRounds.length === 0,
      commitmentMatches: verdict.commitmentMatches,
      rounds,
      mismatchedRounds,
      complete: rounds.every((entry) => entry.matches !== null),
      error: null,
    };
  } catch (error) {
    return { valid: false, commitmentMatches: false, rounds: [], mismatchedRounds: [], complete: false, error: error instanceof Error ? error.message : 'The record cannot be checked' };
  }
}

/** The verdict in one sentence. */
export function fairnessSummary(report: FairnessReport): string {
  if (report.error) return `Cannot verify: ${report.error}`;
  if (!report.commitmentMatches) return 'Mismatch: the revealed seed does not match the commitment.';
  if (report.mismatchedRounds.length > 0) return `Mismatch in round ${report.mismatchedRounds.join(', ')}: the seed does not give the damage shown.`;
  if (report.rounds.length === 0) return 'The seed matches the commitment. No round was played.';
  if (!report.complete) return 'The seed matches the commitment. Every round in this browser\'s log matches; the others show their factors only.';
  const rounds = report.rounds.length === 1 ? 'its round matches' : `all ${report.rounds.length} rounds match`;
  return `Verified: the seed matches the commitment and ${rounds}.`;
}
