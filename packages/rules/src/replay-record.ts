// Replays a finished game's public record (GET /api/games/{sessionId}) the way anyone checking it
// would (docs/fairness.md "How to verify"): the revealed server seed must hash to the commitment,
// and every round, played again from full health with the published moves and the factors the
// seeds give, must come out to exactly the published factors, damage, healing and health. The
// replay is chained on its own numbers, never on the published ones, so one changed value is
// named in the round it was changed in and nothing the server states is taken on trust.
import { findCharacter } from './characters';
import { type DuelState, playRound, startDuel } from './duel';
import { type ClientSeeds, fairnessCommitment, isClientSeed, isServerSeed, roundFactors } from './fairness';
import { type Move, isAction } from './moves';
import { type Slot, SLOTS } from './resolve-round';

/** One side of a published round, as packages/protocol's roundLogSide carries it. */
export interface PublishedSide {
  readonly action: string | null;
  readonly prediction: string | null;
  readonly predictedRight: boolean;
  readonly damageTaken: number;
  readonly healingReceived: number;
  readonly health: number;
  readonly factor: number;
}

export interface PublishedRound {
  readonly round: number;
  readonly suddenDeath: boolean;
  readonly roundWinner: string;
  readonly player1: PublishedSide;
  readonly player2: PublishedSide;
}

/** The parts of packages/protocol's gameRecord a replay reads (a whole record fits). */
export interface PublishedGame {
  readonly sessionId: string;
  /** player1's character. */
  readonly playerCharacter: { readonly id: number };
  /** player2's character. */
  readonly opponentCharacter: { readonly id: number } | null;
  readonly gameOver: boolean;
  readonly endReason?: string | null;
  readonly fairness: {
    readonly commitment: string;
    readonly serverSeed: string | null;
    /** null: a game from before client seeds, whose factors used the legacy message. */
    readonly clientSeeds: ClientSeeds | null;
  } | null;
  readonly rounds: readonly PublishedRound[];
}

/** The numbers of one side that the replay recomputes and compares. */
export interface SideNumbers {
  readonly factor: number;
  readonly damageTaken: number;
  readonly healingReceived: number;
  readonly health: number;
  readonly predictedRight: boolean;
}

export interface FieldMismatch {
  /** "player1.health", "player2.factor", "roundWinner", "player1.action"… */
  readonly field: string;
  readonly recomputed: string;
  readonly published: string;
}

export interface RoundReplay {
  readonly round: number;
  /** null when the round could not be replayed at all (its mismatches say why). */
  readonly recomputed: Readonly<Record<Slot, SideNumbers>> | null;
  readonly published: Readonly<Record<Slot, SideNumbers>>;
  readonly mismatches: readonly FieldMismatch[];
}

export interface ReplayReport {
  readonly sessionId: string;
  readonly commitment: string;
  /** hex(sha256(serverSeed)). */
  readonly recomputedCommitment: string;
  readonly commitmentMatches: boolean;
  /** false: the legacy formula (a game from before client seeds). */
  readonly withClientSeeds: boolean;
  readonly clientSeeds: ClientSeeds | null;
  /** Character ids by seat; null: no opponent's character in the record. */
  readonly characters: Readonly<Record<Slot, number | null>>;
  readonly rounds: readonly RoundReplay[];
  readonly mismatchedRounds: readonly number[];
  /** What is wrong with the record as a whole (not one round's numbers). */
  readonly problems: readonly string[];
  readonly valid: boolean;
}

/** The record cannot be checked (yet): not over, no seeds, a seed of the wrong shape. */
export class UnverifiableRecordError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnverifiableRecordError';
  }
}

// A game over by these reasons ended because the rules said so: its replay must end with it.
const ENDED_BY_THE_RULES: readonly string[] = ['knockout', 'suddenDeath', 'draw'];

function numbersOf(side: PublishedSide): SideNumbers {
  const { factor, damageTaken, healingReceived, health, predictedRight } = side;
  return { factor, damageTaken, healingReceived, health, predictedRight };
}

/** The published move, or a reason it cannot be played (the rules know three actions). */
function moveOf(side: PublishedSide): Move | null | string {
  if (side.action === null && side.prediction === null) return null;
  if (isAction(side.action) && isAction(side.prediction)) return { action: side.action, prediction: side.prediction };
  return `${String(side.action)}/${String(side.prediction)}`;
}

function compare(published: PublishedRound, factors: Readonly<Record<Slot, number>>, duel: DuelState): { recomputed: Record<Slot, SideNumbers>; mismatches: FieldMismatch[] } {
  const outcome = duel.log[duel.log.length - 1];
  if (!outcome) throw new RangeError('a replayed round left no outcome');
  const mismatches: FieldMismatch[] = [];
  const differ = (field: string, recomputed: number | boolean | string, shown: number | boolean | string) => {
    if (recomputed !== shown) mismatches.push({ field, recomputed: String(recomputed), published: String(shown) });
  };
  const recomputed = {} as Record<Slot, SideNumbers>;
  for (const slot of SLOTS) {
    const side = outcome[slot];
    recomputed[slot] = { factor: factors[slot], damageTaken: side.damageTaken, healingReceived: side.healingReceived, health: side.health, predictedRight: side.predictedRight };
    for (const field of ['factor', 'damageTaken', 'healingReceived', 'health', 'predictedRight'] as const) {
      differ(`${slot}.${field}`, recomputed[slot][field], published[slot][field]);
    }
  }
  differ('suddenDeath', outcome.suddenDeath, published.suddenDeath);
  differ('roundWinner', outcome.roundWinner, published.roundWinner);
  return { recomputed, mismatches };
}

function fighterOf(id: number | null, slot: Slot) {
  const character = id === null ? undefined : findCharacter(id);
  return character ? { fightScore: character.fightScore, defendScore: character.defendScore } : `${slot}'s character ${String(id)} is in no catalog`;
}

/**
 * Checks a finished game's record. Throws UnverifiableRecordError when there is nothing to check
 * yet (a running game, a game that never reached round 1); anything else wrong with the record is
 * reported, round by round, in `mismatchedRounds` and `problems`.
 */
export function replayRecord(game: PublishedGame): ReplayReport {
  const fairness = game.fairness;
  if (!game.gameOver) throw new UnverifiableRecordError('the game is not over yet: its seeds and round log are revealed at the end');
  if (!fairness) throw new UnverifiableRecordError('the game never reached its first round: it has no seeds to check');
  const { serverSeed, clientSeeds, commitment } = fairness;
  if (serverSeed === null) throw new UnverifiableRecordError('the record reveals no server seed');
  if (!isServerSeed(serverSeed)) throw new UnverifiableRecordError('the revealed server seed is not 64 lowercase hex characters');
  if (clientSeeds && !(isClientSeed(clientSeeds.player1) && isClientSeed(clientSeeds.player2))) {
    throw new UnverifiableRecordError('a revealed client seed is not 0-64 of [0-9a-zA-Z_-]');
  }

  const recomputedCommitment = fairnessCommitment(serverSeed);
  const problems: string[] = [];
  const characters = { player1: game.playerCharacter.id, player2: game.opponentCharacter?.id ?? null };
  const fighter1 = fighterOf(characters.player1, 'player1');
  const fighter2 = fighterOf(characters.player2, 'player2');
  let duel: DuelState | null = null;
  if (typeof fighter1 === 'string') problems.push(fighter1);
  if (typeof fighter2 === 'string') problems.push(fighter2);
  if (typeof fighter1 !== 'string' && typeof fighter2 !== 'string') duel = startDuel(fighter1, fighter2);

  const rounds: RoundReplay[] = [];
  for (const [index, entry] of game.rounds.entries()) {
    const published = { player1: numbersOf(entry.player1), player2: numbersOf(entry.player2) };
    const mismatches: FieldMismatch[] = [];
    let recomputed: Record<Slot, SideNumbers> | null = null;
    const moves = { player1: moveOf(entry.player1), player2: moveOf(entry.player2) };
    for (const slot of SLOTS) {
      const move = moves[slot];
      if (typeof move === 'string') mismatches.push({ field: `${slot}.action`, recomputed: 'attack, dodge or hide', published: move });
    }
    if (entry.round !== index + 1) {
      mismatches.push({ field: 'round', recomputed: String(index + 1), published: String(entry.round) });
    } else if (duel?.gameOver) {
      mismatches.push({ field: 'round', recomputed: `none: the duel was over after round ${duel.round}`, published: String(entry.round) });
    } else if (duel && mismatches.length === 0) {
      const factors = roundFactors(serverSeed, game.sessionId, entry.round, clientSeeds);
      duel = playRound(duel, moves as Record<Slot, Move | null>, factors);
      const compared = compare(entry, factors, duel);
      recomputed = compared.recomputed;
      mismatches.push(...compared.mismatches);
    }
    // A round that cannot be replayed stops the replay: later rounds would have no health to start from.
    if (mismatches.length > 0 && recomputed === null) duel = null;
    rounds.push({ round: entry.round, recomputed, published, mismatches });
  }

  const last = game.rounds.at(-1);
  if (duel && last && game.endReason && ENDED_BY_THE_RULES.includes(game.endReason) && !duel.gameOver) {
    problems.push(`the record says the game ended (${game.endReason}) but the replayed duel goes on after round ${last.round}`);
  }
  const mismatchedRounds = rounds.filter((entry) => entry.mismatches.length > 0).map((entry) => entry.round);
  const commitmentMatches = recomputedCommitment === commitment.toLowerCase();
  return {
    sessionId: game.sessionId,
    commitment,
    recomputedCommitment,
    commitmentMatches,
    withClientSeeds: clientSeeds !== null,
    clientSeeds,
    characters,
    rounds,
    mismatchedRounds,
    problems,
    valid: commitmentMatches && mismatchedRounds.length === 0 && problems.length === 0,
  };
}
