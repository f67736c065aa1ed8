// The Verify action (docs/fairness.md): in the browser, check that
// sha256(serverSeed) is the commitment this tab was shown before round 1 (the record's when it
// was not here then), that the player's own revealed seed is the one it sent, recompute every
// round's factors with rules' roundFactors (with both revealed client seeds; the legacy formula
// for older games without them), and replay each round with rules' resolveRound to check that
// those factors give exactly the damage, healing and health the server announced. The replay,
// not any factor the server states, is what ties the seeds to what was shown.
import { type Action, type ClientSeeds, type Fighter, type Slot, SLOTS, characterOrDefault, fairnessCommitment, resolveRound, roundFactors } from '@duel-dojo/rules';

/** One side of a logged round: what roundEnd says (and the factor, in a published record). */
export interface LoggedSide {
  readonly action: Action | null;
  readonly prediction: Action | null;
  readonly damageTaken: number;
  readonly healingReceived: number;
  /** The factor the record states; absent in the live game's log. */
  readonly factor?: number;
}

export interface LoggedRound {
  readonly round: number;
  readonly player1Health: number;
  readonly player2Health: number;
  readonly player1: LoggedSide;
  readonly player2: LoggedSide;
}

/** What this tab knew before round 1 (client-seed-store.ts); null fields: not known. */
export interface SeenBeforeRoundOne {
  readonly commitment: string | null;
  /** The seed this tab sent for the player, and the player's seat. */
  readonly seed: string | null;
  readonly slot: Slot | null;
}

export interface FairnessInput {
  readonly sessionId: string;
  /** The commitment the record (or the final state) carries. */
  readonly commitment: string;
  readonly serverSeed: string;
  /** Both revealed client seeds; null for a game from before client seeds (legacy formula). */
  readonly clientSeeds: ClientSeeds | null;
  readonly seen?: SeenBeforeRoundOne | null;
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
  /** What differs, e.g. "Player 1 damage"; empty when it matches. */
  readonly mismatches: readonly string[];
}

export interface FairnessReport {
  readonly valid: boolean;
  readonly commitmentMatches: boolean;
  /** Which commitment sha256(serverSeed) was compared with. */
  readonly commitmentSource: 'seen' | 'record';
  /** null when this tab does not know the seed it sent. */
  readonly ownSeedMatches: boolean | null;
  readonly rounds: readonly RoundCheck[];
  readonly mismatchedRounds: readonly number[];
  /** Every round played was in the log and replayed. */
  readonly complete: boolean;
  /** A malformed seed or record. */
  readonly error: string | null;
}

const SIDE_NAMES: Readonly<Record<Slot, string>> = { player1: 'Player 1', player2: 'Player 2' };

function fighter(id: number): Fighter {
  const { fightScore, defendScore } = characterOrDefault(id);
  return { fightScore, defendScore };
}

const moveOf = (side: LoggedSide) => (side.action && side.prediction ? { action: side.action, prediction: side.prediction } : null);

/** Replays one logged round with the recomputed factors; health before it is the previous round's end. Returns what differs. */
function replay(input: FairnessInput, logged: LoggedRound, previous: LoggedRound | undefined, factors: Readonly<Record<Slot, number>>): string[] {
  const before = { player1: previous?.player1Health ?? 100, player2: previous?.player2Health ?? 100 };
  const side = (slot: Slot) => ({ fighter: fighter(input.characters[slot]), health: before[slot], move: moveOf(logged[slot]), factor: factors[slot] });
  const outcome = resolveRound({ round: logged.round, player1: side('player1'), player2: side('player2') });
  const knownBefore = logged.round === 1 || previous?.round === logged.round - 1;
  return SLOTS.flatMap((slot) => {
    const name = SIDE_NAMES[slot];
    const stated = logged[slot];
    const health = slot === 'player1' ? logged.player1Health : logged.player2Health;
    const fields: string[] = [];
    if (stated.factor !== undefined && stated.factor !== factors[slot]) fields.push(`${name} factor`);
    if (outcome[slot].damageTaken !== stated.damageTaken) fields.push(`${name} damage`);
    if (outcome[slot].healingReceived !== stated.healingReceived) fields.push(`${name} healing`);
    if (knownBefore && outcome[slot].health !== health) fields.push(`${name} health`);
    return fields;
  });
}

/** The player's own revealed seed against the one sent; null when not known. */
function ownSeedCheck(input: FairnessInput): boolean | null {
  const seen = input.seen;
  if (!seen?.seed || !seen.slot) return null;
  return input.clientSeeds !== null && input.clientSeeds[seen.slot] === seen.seed;
}

export function checkFairness(input: FairnessInput): FairnessReport {
  const logged = [...input.rounds].sort((a, b) => a.round - b.round);
  const played = Math.max(input.roundsPlayed, logged.at(-1)?.round ?? 0);
  const seenCommitment = input.seen?.commitment ?? null;
  const commitmentSource = seenCommitment ? 'seen' : 'record';
  const ownSeedMatches = ownSeedCheck(input);
  try {
    const rounds: RoundCheck[] = [];
    for (let round = 1; round <= played; round += 1) {
      const factors = roundFactors(input.serverSeed, input.sessionId, round, input.clientSeeds);
      const index = logged.findIndex((entry) => entry.round === round);
      const entry = logged[index];
      const mismatches = entry ? replay(input, entry, logged[index - 1], factors) : [];
      rounds.push({ round, player1Factor: factors.player1, player2Factor: factors.player2, matches: entry ? mismatches.length === 0 : null, mismatches });
    }
    const commitmentMatches = fairnessCommitment(input.serverSeed) === (seenCommitment ?? input.commitment).toLowerCase();
    const mismatchedRounds = rounds.filter((entry) => entry.matches === false).map((entry) => entry.round);
    return {
      valid: commitmentMatches && ownSeedMatches !== false && mismatchedRounds.length === 0,
      commitmentMatches,
      commitmentSource,
      ownSeedMatches,
      rounds,
      mismatchedRounds,
      complete: rounds.every((entry) => entry.matches !== null),
      error: null,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : 'The record cannot be checked';
    return { valid: false, commitmentMatches: false, commitmentSource, ownSeedMatches, rounds: [], mismatchedRounds: [], complete: false, error: message };
  }
}

/** The verdict in one sentence per problem. */
export function fairnessSummary(report: FairnessReport): string {
  if (report.error) return `Cannot verify: ${report.error}`;
  const problems: string[] = [];
  if (!report.commitmentMatches) {
    problems.push(report.commitmentSource === 'seen' ? 'Mismatch: the revealed seed does not match the commitment shown before round 1.' : 'Mismatch: the revealed seed does not match the commitment.');
  }
  if (report.ownSeedMatches === false) problems.push('Mismatch: your seed in the record is not the one this browser sent.');
  if (report.mismatchedRounds.length > 0) {
    const rounds = report.rounds.filter((entry) => entry.matches === false).map((entry) => `round ${entry.round} (${entry.mismatches.join(', ')})`);
    problems.push(`Mismatch in ${rounds.join(', ')}: the seeds do not give what was shown.`);
  }
  if (problems.length > 0) return problems.join(' ');
  if (report.rounds.length === 0) return 'The seed matches the commitment. No round was played.';
  if (!report.complete) return "The seed matches the commitment. Every round in this browser's log matches; the others show their factors only.";
  const rounds = report.rounds.length === 1 ? 'its round matches' : `all ${report.rounds.length} rounds match`;
  return `Verified: the seed matches the commitment and ${rounds}.`;
}
