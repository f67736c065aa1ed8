// A game as the wire shows it (protocol gameState, roundEnd): one place that turns the session's
// fields into events, so a rejoin gets exactly what a live client got.
import type { EndReason, GamePhase, GameState, RoundEndWire, TournamentMatchInfo } from '@duel-dojo/protocol';
import { type ClientSeeds, type Move, type RoundOutcome, type SideOutcome, type Slot, type StakeLabel, MAX_HEALTH } from '@duel-dojo/rules';
import { type Seat, isBot, otherSlot, seatName } from './seats';

/** The session fields a view reads (GameSession has them all). */
export interface GameSnapshot {
  readonly sessionId: string;
  readonly version: number;
  readonly phase: GamePhase;
  readonly round: number;
  readonly endTime: number | null;
  readonly betAmount: StakeLabel;
  readonly inviteCode: string | null;
  readonly commitment: string;
  readonly serverSeed: string;
  /** The seeds the hits use, revealed at the end with the server seed. */
  readonly revealedClientSeeds: ClientSeeds | null;
  readonly health: Readonly<Record<Slot, number>>;
  readonly winner: Slot | 'draw' | null;
  /** How it ended; null until over. */
  readonly endReason: EndReason | null;
  /** A reserved duel's call, by wallet (absent for any other game). */
  readonly tournament?: Readonly<Record<string, TournamentMatchInfo>> | null;
  readonly seats: { readonly player1: Seat; readonly player2: Seat | null };
  /** Each seat's move in the running round, once sent. */
  readonly lockedMoves: Readonly<Record<Slot, Move | null>>;
}

/** The full state for one viewer: only the creator of a waiting game sees its invite code. */
export function gameStateFor(game: GameSnapshot, viewer: Slot | null): GameState {
  const { player1, player2 } = game.seats;
  const canInvite = game.phase === 'waiting' && viewer === 'player1' && game.inviteCode !== null;
  const over = game.phase === 'over';
  // Only the viewer's own move, and only while its round runs: the opponent's stays hidden.
  const mine = viewer !== null && game.phase === 'round' ? game.lockedMoves[viewer] : null;
  // A guest's seat key goes to that seat alone, and only while there is a game to come back to.
  const playable = game.phase !== 'over' && game.phase !== 'cancelled';
  const rejoinKey = viewer !== null && playable ? game.seats[viewer]?.rejoinKey : null;
  // A player sees the other side's connection and whether its move is in, never the move.
  const opponent = viewer !== null && player2 ? game.seats[otherSlot(viewer)] : null;
  const started = game.phase === 'intro' || game.phase === 'round' || game.phase === 'results';
  const presence = opponent && started && !isBot(opponent) ? { opponentStatus: { connected: opponent.connected, since: opponent.since } } : {};
  const locked = opponent && game.phase === 'round' ? { opponentLocked: game.lockedMoves[opponent.slot] !== null } : {};
  // The tournament call this duel is played for, seen from the viewer's side; null otherwise.
  const viewerWallet = viewer !== null ? game.seats[viewer]?.identity?.wallet : null;
  const tournament = game.tournament && viewerWallet ? (game.tournament[viewerWallet] ?? null) : null;
  return {
    sessionId: game.sessionId,
    version: game.version,
    phase: game.phase,
    round: game.round,
    endTime: game.phase === 'round' ? game.endTime : null,
    player1: player1.socketId,
    player2: player2?.socketId ?? null,
    player1Wallet: player1.identity?.wallet ?? null,
    player2Wallet: player2?.identity?.wallet ?? null,
    player1Name: seatName(player1),
    player2Name: player2 ? seatName(player2) : null,
    playerCharacter: { id: player1.characterId, health: game.health.player1 },
    opponentCharacter: player2 ? { id: player2.characterId, health: game.health.player2 } : null,
    vsBot: isBot(player2),
    gameOver: over,
    winner: over ? game.winner : null,
    endReason: over ? game.endReason : null,
    inviteCode: canInvite ? game.inviteCode : null,
    canInvite,
    betAmount: game.betAmount,
    stakeLamports: player1.stakeLamports.toString(),
    fairness: { commitment: game.commitment, serverSeed: over ? game.serverSeed : null, clientSeeds: over ? game.revealedClientSeeds : null },
    tournament,
    ...presence,
    ...locked,
    ...(mine ? { myMove: { action: mine.action, prediction: mine.prediction } } : {}),
    ...(rejoinKey ? { rejoinKey } : {}),
  };
}

/** A side as sent: what the protocol's parse puts back (null moves, zero counts) is left out. */
function side(outcome: SideOutcome): RoundEndWire['player1'] {
  const wire: RoundEndWire['player1'] = {};
  if (outcome.action !== null) wire.action = outcome.action;
  if (outcome.prediction !== null) wire.prediction = outcome.prediction;
  if (outcome.damageTaken !== 0) wire.damageTaken = outcome.damageTaken;
  if (outcome.healingReceived !== 0) wire.healingReceived = outcome.healingReceived;
  return wire;
}

/**
 * The round as sent (docs/game-events.md): what the rules derive from it (predictedRight,
 * roundWinner, suddenDeath) is left out, and the game's end is told on its last round only.
 */
export function roundEndEvent(sessionId: string, version: number, outcome: RoundOutcome): RoundEndWire {
  const end: RoundEndWire = {
    sessionId,
    version,
    round: outcome.round,
    player1Health: outcome.player1.health,
    player2Health: outcome.player2.health,
    player1: side(outcome.player1),
    player2: side(outcome.player2),
  };
  if (outcome.gameOver) {
    end.gameOver = true;
    end.winner = outcome.winner;
  }
  return end;
}

export const FULL_HEALTH: Readonly<Record<Slot, number>> = { player1: MAX_HEALTH, player2: MAX_HEALTH };
