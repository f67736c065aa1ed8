// The relay's games (relay-server.ts) and the payloads it sends: the game server's shapes and
// sizes (its gameState per viewer, roundEnd), filled with made-up values — health falls evenly
// over the game's drawn length, every round a draw, player1 the winner. As the game server's, they
// leave out what a client's parse puts back (docs/game-events.md): null and false fields of the
// state, the derived fields of roundEnd, zero damage or healing.
import { randomBytes } from 'node:crypto';
import type { Socket } from 'socket.io';

export interface Side {
  readonly id: string;
  /** Null: the player is connected to another node. */
  readonly socket: Socket | null;
  readonly character: number;
  /** A guest's seat key, in its own gameState while the game can be played (as the game server's). */
  readonly rejoinKey: string;
  acted: { action: string; prediction: string } | null;
}

export interface Game {
  readonly sessionId: string;
  readonly inviteCode: string;
  readonly commitment: string;
  readonly seed: string;
  readonly totalRounds: number;
  readonly p1: Side;
  p2: Side | null;
  phase: 'waiting' | 'intro' | 'round' | 'results' | 'over';
  round: number;
  version: number;
  endTime: number | null;
  matchedAt: number;
  timer: NodeJS.Timeout | null;
}

export const newRejoinKey = () => randomBytes(32).toString('base64url');
export const health = (game: Game, round: number) => Math.max(0, 100 - Math.ceil((100 * round) / game.totalRounds));

export function stateFor(game: Game, viewer: Side): object {
  const over = game.phase === 'over';
  const canInvite = game.phase === 'waiting' && viewer === game.p1;
  const opponent = game.p2 && !over ? (viewer === game.p1 ? game.p2 : game.p1) : null;
  return {
    sessionId: game.sessionId,
    version: game.version,
    phase: game.phase,
    round: game.round,
    ...(game.phase === 'round' ? { endTime: game.endTime } : {}),
    player1: game.p1.id,
    ...(game.p2 ? { player2: game.p2.id } : {}),
    playerCharacter: { id: game.p1.character, health: health(game, game.round) },
    ...(game.p2 ? { opponentCharacter: { id: game.p2.character, health: health(game, game.round) } } : {}),
    ...(over ? { gameOver: true, winner: 'player1', endReason: 'knockout' } : {}),
    ...(canInvite ? { inviteCode: game.inviteCode, canInvite } : {}),
    betAmount: 'Free!',
    stakeLamports: '0',
    fairness: over ? { commitment: game.commitment, serverSeed: game.seed, clientSeeds: { player1: '', player2: '' } } : { commitment: game.commitment },
    ...(opponent ? { opponentStatus: { connected: true, since: game.matchedAt } } : {}),
    ...(over ? {} : { rejoinKey: viewer.rejoinKey }),
  };
}

function side(acted: Side['acted'], damage: number) {
  return { ...(acted ? { action: acted.action, prediction: acted.prediction } : {}), ...(damage > 0 ? { damageTaken: damage } : {}) };
}

export function roundEndFor(game: Game, version: number, damage: number): object {
  const gameOver = game.round >= game.totalRounds;
  return {
    sessionId: game.sessionId,
    version,
    round: game.round,
    player1Health: health(game, game.round),
    player2Health: health(game, game.round),
    ...(gameOver ? { gameOver, winner: 'player1' } : {}),
    player1: side(game.p1.acted, damage),
    player2: side(game.p2?.acted ?? null, damage),
  };
}
