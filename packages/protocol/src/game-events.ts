import { MAX_HEALTH, STAKE_LABELS, isPredictedRight, isSuddenDeath, roundWinnerOf } from '@duel-dojo/rules';
import { z } from 'zod/mini';
import { endReason } from './end-reason';
import { fairnessInfo } from './fairness';
import { MAX_ID, MAX_TEXT } from './limits';
import { boundedText, characterId, count, entityId, epochMs, lamportsString, walletAddress } from './primitives';
import { action, rejoinKey } from './socket-client-events';
import { tournamentMatchInfo } from './tournaments';

// The live game's events (docs/game-events.md):
// gameState, roundStart, roundEnd, actionConfirmed and the opponent's presence. Each carries the
// game's sessionId and version: a client that sees a gap, or reconnects, asks for the full state
// (checkActiveGame) instead of guessing.

/** A socket id, or "bot" for the bot's seat. */
export const socketId = boundedText(MAX_ID);
export const health = z.int().check(z.gte(0), z.lte(MAX_HEALTH));
/** Who won a round or a game; rules' Slot | 'draw'. */
export const slotOrDraw = z.enum(['player1', 'player2', 'draw']);
/** The label of a stake tier, as the server reports it. */
export const stakeTierLabel = z.enum(STAKE_LABELS);

/**
 * The game's version: +1 for every event sent to both players (gameState, roundStart, roundEnd),
 * so a gap is visible. A reply to one player (actionConfirmed, the gameState of a rejoin)
 * carries the current version without taking a new one, so the other player sees no gap.
 */
const gameEventFields = {
  sessionId: entityId,
  version: z.int().check(z.nonnegative()),
};

/** The server's phases of one game (docs/game-events.md). */
export const GAME_PHASES = ['waiting', 'intro', 'round', 'results', 'over', 'cancelled'] as const;
export type GamePhase = (typeof GAME_PHASES)[number];

export const gameStatsEvent = z.object({ onlinePlayers: count, activeGames: count });

export const serverTimeEvent = z.object({
  clientTime: z.number().check(z.nonnegative()),
  serverTime: epochMs,
});

export const roundStartEvent = z.object({
  ...gameEventFields,
  round: z.int().check(z.positive()),
  /** Server epoch ms; actions after it are refused. */
  endTime: epochMs,
});

/**
 * One player's side of a resolved round as sent: action and prediction are left out (null) when
 * it did not act, damageTaken and healingReceived when 0; parsing puts them back.
 */
export const roundSide = z.object({
  action: z._default(z.nullable(action), null),
  prediction: z._default(z.nullable(action), null),
  damageTaken: z._default(count, 0),
  healingReceived: z._default(count, 0),
});
/** A side as a client reads it: what came, plus whether its prediction read the other's action. */
export type RoundSide = z.output<typeof roundSide> & { readonly predictedRight: boolean };

/**
 * roundEnd as sent: what the two sides did and took, and the healths after. What the rules derive
 * from those (each side's predictedRight, the roundWinner, suddenDeath) is not sent; gameOver and
 * winner are sent only on the game's last round (docs/game-events.md, "What a roundEnd leaves out").
 */
const roundEndWire = z.object({
  ...gameEventFields,
  round: z.int().check(z.positive()),
  player1Health: health,
  player2Health: health,
  gameOver: z._default(z.boolean(), false),
  /** The surviving slot or 'draw', on the last round only. */
  winner: z._default(z.nullable(slotOrDraw), null),
  player1: roundSide,
  player2: roundSide,
});
export type RoundEndWire = z.input<typeof roundEndWire>;

/** A round end as a client reads it: the fields sent, and what the rules derive from them. */
export interface RoundReport extends Omit<z.output<typeof roundEndWire>, 'player1' | 'player2'> {
  /** rules' roundWinnerOf: who gained more this round (roundResultText turns it into words). */
  readonly roundWinner: z.infer<typeof slotOrDraw>;
  /** rules' isSuddenDeath of the round. */
  readonly suddenDeath: boolean;
  readonly player1: RoundSide;
  readonly player2: RoundSide;
}

/**
 * What a client reads from a roundEnd: the fields it came with, and what the rules derive from
 * them (the same functions resolveRound uses, so the server and every client agree).
 */
export function roundReport(end: z.output<typeof roundEndWire>): RoundReport {
  const { player1, player2 } = end;
  return {
    ...end,
    roundWinner: roundWinnerOf(player1, player2),
    suddenDeath: isSuddenDeath(end.round),
    player1: { ...player1, predictedRight: isPredictedRight(player1.prediction, player2.action) },
    player2: { ...player2, predictedRight: isPredictedRight(player2.prediction, player1.action) },
  };
}

/** Parsing a roundEnd gives the round report (ServerEventPayload<'roundEnd'>). */
export const roundEndEvent = z.pipe(roundEndWire, z.transform(roundReport));

export const actionConfirmedEvent = z.object({
  ...gameEventFields,
  round: z.int().check(z.positive()),
  action,
  prediction: action,
});

/** The opponent's connection as the server sees it; `since` is when it last changed (server epoch ms). */
export const opponentPresence = z.object({ connected: z.boolean(), since: epochMs });
export type OpponentPresence = z.infer<typeof opponentPresence>;

/** To one player: the opponent's connection changed. Carries the current version (a reply, not a broadcast). */
export const opponentStatusEvent = z.object({ ...gameEventFields, ...opponentPresence.shape });

/** To one player: the opponent's move for the round is in (never which move). */
export const opponentLockedEvent = z.object({ ...gameEventFields, round: z.int().check(z.positive()) });

/** A fighter on the board: which character and its health now. */
export const liveCharacter = z.object({ id: characterId, health });

/**
 * The commitment from the start; the seeds once the game is over. A null seed is left out on the
 * wire (records keep fairness.ts' fairnessInfo, in full).
 */
const liveFairness = z.extend(fairnessInfo, {
  serverSeed: z._default(fairnessInfo.shape.serverSeed, null),
  clientSeeds: z._default(fairnessInfo.shape.clientSeeds, null),
});

/**
 * The gameState fields sent only when not null (or not false): a guest's free game has no wallets,
 * a waiting game no opponent, a running one no winner, invite or tournament. Parsing puts them
 * back (the schema's defaults), so a client reads every field (docs/game-events.md).
 */
const LEFT_OUT_WHEN_EMPTY: ReadonlySet<string> = new Set([
  'endTime',
  'player2',
  'player1Wallet',
  'player2Wallet',
  'player1Name',
  'player2Name',
  'opponentCharacter',
  'vsBot',
  'gameOver',
  'winner',
  'endReason',
  'inviteCode',
  'canInvite',
  'tournament',
]);

/** The live game state, plus version, phase, round, endTime and the fairness commitment. */
export const gameStateEvent = z.object({
  ...gameEventFields,
  phase: z.enum(GAME_PHASES),
  /** The current or last round; 0 before the first. */
  round: count,
  /** The current round's end (server epoch ms); null outside a round. */
  endTime: z._default(z.nullable(epochMs), null),
  /** Socket ids of the seats (compare with socket.id); "bot" for the bot; null while empty. */
  player1: z.nullable(socketId),
  player2: z._default(z.nullable(socketId), null),
  player1Wallet: z._default(z.nullable(walletAddress), null),
  player2Wallet: z._default(z.nullable(walletAddress), null),
  player1Name: z._default(z.nullable(boundedText(MAX_TEXT)), null),
  player2Name: z._default(z.nullable(boundedText(MAX_TEXT)), null),
  /** player1's fighter. */
  playerCharacter: liveCharacter,
  /** player2's fighter; null while waiting for an opponent. */
  opponentCharacter: z._default(z.nullable(liveCharacter), null),
  vsBot: z._default(z.boolean(), false),
  gameOver: z._default(z.boolean(), false),
  winner: z._default(z.nullable(slotOrDraw), null),
  /** How the game ended; null until it is over. */
  endReason: z._default(z.nullable(endReason), null),
  /**
   * To a player only: the opponent's connection (absent for the bot, a waiting game, or when
   * the game is over), so a rejoining player sees at once that the other side is away.
   */
  opponentStatus: z.optional(opponentPresence),
  /** To a player only, while a round runs: the opponent's move for it is in (never which). */
  opponentLocked: z.optional(z.boolean()),
  /** To its two players only: the tournament call a reserved duel is played for; null for any other game. */
  tournament: z._default(z.nullable(tournamentMatchInfo), null),
  /** Set for the creator of a waiting game that can be joined by invite. */
  inviteCode: z._default(z.nullable(entityId), null),
  canInvite: z._default(z.boolean(), false),
  /** Always sent, even when free: a stake is never implied. */
  betAmount: stakeTierLabel,
  /** Each player's stake in lamports; "0" when free. */
  stakeLamports: lamportsString,
  /** The commitment from the start; the seed once the game is over. */
  fairness: liveFairness,
  /**
   * The viewer's own move in the running round, once sent (absent otherwise): a client that
   * reloads mid-round shows it locked instead of offering moves the server would refuse.
   */
  myMove: z.optional(z.object({ action, prediction: action })),
  /**
   * Only to a guest, only about its own seat, while the game can still be played: the secret
   * that takes the seat back from a new connection (checkActiveGame {rejoinKey}). Never sent to
   * the opponent; signed-in players rejoin with their token instead.
   */
  rejoinKey: z.optional(rejoinKey),
});
/** The state as a client reads it (every field present). */
export type GameState = z.output<typeof gameStateEvent>;
/** The state as sent: LEFT_OUT_WHEN_EMPTY fields and null seeds may be absent. */
export type GameStateWire = z.input<typeof gameStateEvent>;

/** The state to send: its null and false fields that parsing restores are left out. */
export function gameStateWire(state: GameState): GameStateWire {
  const wire: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(state)) {
    if (value === undefined || ((value === null || value === false) && LEFT_OUT_WHEN_EMPTY.has(key))) continue;
    wire[key] = value;
  }
  const { commitment, serverSeed, clientSeeds } = state.fairness;
  wire.fairness = { commitment, ...(serverSeed === null ? {} : { serverSeed }), ...(clientSeeds === null ? {} : { clientSeeds }) };
  return wire as GameStateWire;
}
