// watchGame / unwatchGame (docs/spectating.md). The spectator's socket joins the game's room on
// its own node first, so no broadcast sent after the game's node counts it can miss it; the
// game's node (game-locator.ts) counts it against the cap and answers the state as no seat sees
// it. A game no node runs any more is answered from its record: a finished one's final state,
// which its watch page turns into the replay.
import type { GameRecord, GameState } from '@duel-dojo/protocol';
import { MAX_HEALTH, STAKE_LABELS, type StakeLabel } from '@duel-dojo/rules';
import type { GameCalls } from './game-calls';
import { isNotHere } from './game-calls';
import type { DuelsPorts, NodeGames } from './duels-context';
import { type Outcome, ok, refuse } from './outcome';
import { BOT_SOCKET_ID } from './seats';
import { watchRoom } from './spectators';

const isStakeLabel = (label: string): label is StakeLabel => (STAKE_LABELS as readonly string[]).includes(label);

/** A finished game's last state from its record, as a spectator would have seen it live; null if it was no duel. */
export function finalStateOf(record: GameRecord): GameState | null {
  if (!record.gameOver || !record.opponentCharacter || !record.fairness || !isStakeLabel(record.betAmount)) return null;
  const last = record.rounds.at(-1);
  const winner = record.winner === null ? null : record.winner === 'draw' ? 'draw' : record.winner === 'player2' || (record.winner === record.player2Wallet && record.winner !== record.player1Wallet) ? 'player2' : 'player1';
  const vsBot = record.player2 === 'bot';
  return {
    sessionId: record.sessionId,
    version: 0,
    phase: 'over',
    round: record.currentRound,
    endTime: null,
    player1: 'player1',
    player2: vsBot ? BOT_SOCKET_ID : 'player2',
    player1Wallet: record.player1Wallet,
    player2Wallet: record.player2Wallet,
    player1Name: record.player1Name,
    player2Name: record.player2Name,
    playerCharacter: { id: record.playerCharacter.id, health: last?.player1.health ?? MAX_HEALTH },
    opponentCharacter: { id: record.opponentCharacter.id, health: last?.player2.health ?? MAX_HEALTH },
    vsBot,
    gameOver: true,
    winner,
    endReason: record.endReason,
    inviteCode: null,
    canInvite: false,
    betAmount: record.betAmount,
    stakeLamports: record.stakeLamports,
    fairness: record.fairness,
    tournament: null,
  };
}

/** What spectating uses of the module's context (duels-context.ts). */
export type SpectatingDeps = Pick<DuelsPorts, 'emitter'> & Pick<NodeGames, 'writes'>;

export function createSpectating(ctx: SpectatingDeps, calls: GameCalls, finishedGame?: (sessionId: string) => Promise<GameRecord | null>) {
  // The game each socket of this node watches: one at a time, so one socket never counts in many.
  const watching = new Map<string, string>();

  async function unwatchGame(socketId: string, sessionId: string | null = watching.get(socketId) ?? null): Promise<void> {
    if (sessionId === null) return;
    if (watching.get(socketId) === sessionId) watching.delete(socketId);
    ctx.emitter.leaveRoom(socketId, watchRoom(sessionId));
    await calls.unwatch(sessionId, socketId);
  }

  return {
    /** watchGame {sessionId}: the state to show, after which every broadcast of the game follows. */
    async watchGame(socketId: string, sessionId: string): Promise<Outcome<GameState>> {
      const previous = watching.get(socketId);
      if (previous !== undefined && previous !== sessionId) await unwatchGame(socketId, previous);
      ctx.emitter.joinRoom(socketId, watchRoom(sessionId));
      const answer = await calls.watch(sessionId, socketId);
      if (!isNotHere(answer) && answer.ok) {
        if (answer.value.phase !== 'over') watching.set(socketId, sessionId);
        else ctx.emitter.leaveRoom(socketId, watchRoom(sessionId));
        return answer;
      }
      watching.delete(socketId);
      ctx.emitter.leaveRoom(socketId, watchRoom(sessionId));
      if (!isNotHere(answer)) return answer;
      await ctx.writes.recorded(sessionId);
      const record = finishedGame ? await finishedGame(sessionId) : null;
      const final = record ? finalStateOf(record) : null;
      return final ? ok(final) : refuse(record ? 'GAME_NOT_RUNNING' : 'NOT_FOUND');
    },

    /** unwatchGame {sessionId}: no more events of that game; its count drops. */
    unwatchGame: (socketId: string, sessionId: string) => (watching.get(socketId) === sessionId ? unwatchGame(socketId, sessionId) : Promise.resolve()),

    /** The socket went away: Socket.IO emptied its rooms, the game's node forgets it. */
    socketGone: (socketId: string) => unwatchGame(socketId),
  };
}

export type Spectating = ReturnType<typeof createSpectating>;
