// A game taken over from its row (docs/durable-games.md): the seats come back from the live
// state, and the duel is replayed from the round log with the rules package, each round's moves
// and factors as they were. A replay that does not reach the health the log says means the row
// is not a game this code can vouch for: it is not resumed (the caller settles it).
import { type DuelState, type Move, type RoundFactors, type Slot, SLOTS, findCharacter, isAction, playRound, startDuel } from '@duel-dojo/rules';
import { type DuelsPorts, type NodeGames, tierOf } from './duels-context';
import type { GameSession } from './game-session';
import { readLiveState } from './live-state';
import type { RoundLogRow } from './ports';
import { queueEntry } from './queue-entry';
import type { ResumableGame } from './recovery';
import type { Seat } from './seats';

function moveOf(side: unknown): Move | null | undefined {
  if (typeof side !== 'object' || side === null) return undefined;
  const { action, prediction } = side as Record<string, unknown>;
  if (action === null && prediction === null) return null;
  return isAction(action) && isAction(prediction) ? { action, prediction } : undefined;
}

function factorOf(side: unknown): number | undefined {
  const factor = typeof side === 'object' && side !== null ? (side as Record<string, unknown>).factor : undefined;
  return typeof factor === 'number' && Number.isFinite(factor) ? factor : undefined;
}

/** The duel after every logged round, or null when the log does not replay to itself. */
export function replayDuel(player1: Seat, player2: Seat, rounds: readonly unknown[]): { duel: DuelState; log: RoundLogRow[] } | null {
  const fighter1 = findCharacter(player1.characterId);
  const fighter2 = findCharacter(player2.characterId);
  if (!fighter1 || !fighter2) return null;
  let duel = startDuel(fighter1, fighter2);
  for (const entry of rounds) {
    const row = entry as RoundLogRow;
    const moves: Partial<Record<Slot, Move | null>> = {};
    const factors: Partial<Record<Slot, number>> = {};
    for (const slot of SLOTS) {
      const move = moveOf(row?.[slot]);
      const factor = factorOf(row?.[slot]);
      if (move === undefined || factor === undefined) return null;
      moves[slot] = move;
      factors[slot] = factor;
    }
    if (duel.gameOver || row.round !== duel.round + 1) return null;
    duel = playRound(duel, moves as Record<Slot, Move | null>, factors as RoundFactors);
    if (duel.gameOver || SLOTS.some((slot) => duel.health[slot] !== row[slot].health)) return null;
  }
  return { duel, log: rounds as RoundLogRow[] };
}

/**
 * Rebuilds the game on this node and puts it back where players find it: the registry, their
 * one-game claims, and (still waiting) its tier's queue and invite. null: it cannot be resumed.
 * A tournament's reserved duel is not resumed: its caller ran on the node that is gone.
 */
/** What a takeover uses of the module's context (duels-context.ts). */
export type ResumeDeps = Pick<DuelsPorts, 'emitter' | 'presence' | 'matchQueue'> & Pick<NodeGames, 'nodeId' | 'games' | 'restoreSession' | 'report'>;

export async function resumeGame(ctx: ResumeDeps, row: ResumableGame): Promise<GameSession | null> {
  const parts = readLiveState(row.liveState);
  if (!parts || parts.reserved || !row.serverSeed) return null;
  const { player1, player2 } = parts.seats;
  const replay = player2 ? replayDuel(player1, player2, row.rounds) : { duel: null, log: [] };
  if (!replay) return null;
  // A seat's socket may still be connected to another node: its player plays on without a
  // rejoin. So may a signed-in player's newer socket, when the node that is gone had not yet
  // written it down (a reconnection just before the crash): events go there instead. Otherwise
  // to the seat's last socket (harmless if it is gone); the restarted round waits only for those
  // not found.
  const present: Slot[] = [];
  for (const seat of [player1, player2]) {
    if (!seat?.identity) continue;
    seat.connected = seat.socketId !== '';
    if (await ctx.emitter.isConnected(seat.socketId)) {
      present.push(seat.slot);
      continue;
    }
    const elsewhere = seat.identity.wallet ? await ctx.emitter.socketOfPlayer(seat.identity.wallet) : null;
    if (elsewhere === null) continue;
    seat.socketId = elsewhere;
    seat.connected = true;
    present.push(seat.slot);
  }
  const game = ctx.restoreSession({ sessionId: row.sessionId, betAmount: parts.betAmount, paid: parts.paid, inviteCode: parts.inviteCode, serverSeed: row.serverSeed, creator: player1, fence: row.fence, clientSeeds: parts.clientSeeds });
  await game.run(() => (replay.duel && player2 ? game.resume(player2, replay.duel, replay.log, parts.version, present) : game.resume(null, null, [], parts.version, present)));
  ctx.games.get(row.sessionId)?.relinquish();
  ctx.games.add(game);
  for (const seat of [player1, player2]) {
    const key = seat?.identity?.key;
    if (key && !(await ctx.presence.claimPlayer(key, row.sessionId, null)) && (await ctx.presence.gameOf(key)) !== row.sessionId) {
      ctx.report(new Error(`player ${key} holds another game`), `game ${row.sessionId}: resumed while its player is in another game`);
    }
  }
  // A game with no invite code is a rematch offer (rematch.ts): it is never listed for strangers.
  if (!player2 && parts.inviteCode) {
    await ctx.matchQueue.push(tierOf(parts.betAmount), queueEntry(row.sessionId, ctx.nodeId));
    await ctx.matchQueue.addInvite(parts.inviteCode, row.sessionId);
  }
  return game;
}
