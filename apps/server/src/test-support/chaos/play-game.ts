// A storm player's side of one paid game (docs/security.md 28): acts as soon as each round starts
// (both players acting close the round early, so a game takes about intro + results: ~7 s at the
// product's timings, under a second at the chaos run's GAME_TIMINGS_MS), cancels a waiting game
// after a while or at once for a share of them (cancel racing a join, docs/security.md 13), and
// when the server dies mid-game asks the restarted one whether the game is still there: today's
// rule settles it as a draw, a server that resumes games goes on.
import type { GameState, ServerEventPayload } from '@duel-dojo/protocol';
import type { Slot } from '@duel-dojo/rules';
import { type GameClient, type Moves, READS_RIGHT, READS_WRONG } from '../game-server';
import { type ChaosConnection, isTransient } from './chaos-connection';
import type { SeenOutcome } from './storm-record';
import type { StormDeps, StormPlayer } from './storm-player';

/** A game not over after this long is reported: with both acting at once it lasts seconds. */
const STUCK_MS = 120_000;
const ANSWER_MS = 30_000;

/** Half the rounds read the opponent's attack right: wins and draws both come up, in about two rounds. */
export function randomMoves(random: () => number): Moves {
  return random() < 0.5 ? READS_RIGHT : READS_WRONG;
}

type Followed = SeenOutcome | 'dropped' | 'stuck';

export async function playGame(player: StormPlayer, connection: ChaosConnection, first: GameState, deps: StormDeps): Promise<SeenOutcome> {
  let state = first;
  for (;;) {
    deps.record.doing.set(player.name, `playing ${state.sessionId}`);
    const followed = await followGame(await connection.live(), player, state, deps);
    if (followed === 'stuck') {
      deps.record.anomalies.push(`${player.name}: game ${state.sessionId} not over after ${STUCK_MS / 1000} s`);
      return 'interrupted';
    }
    if (followed !== 'dropped') return followed;
    deps.record.doing.set(player.name, `rejoining ${state.sessionId}`);
    const again = await activeGame(connection, player);
    if (!again || again.sessionId !== state.sessionId) return 'interrupted';
    if (again.gameOver) return again.winner ? outcomeOf(again.winner, slotOf(again, player)) : 'interrupted';
    state = again;
  }
}

/** checkActiveGame on the restarted server: the player's live game, if it still has one. */
export async function activeGame(connection: ChaosConnection, player: StormPlayer): Promise<GameState | null> {
  for (let attempt = 1; attempt <= 20; attempt += 1) {
    try {
      const answer = await connection.ask(
        'checkActiveGame',
        { walletAddress: player.address },
        (name, payload) => (name === 'activeGameCheck' ? (payload as ServerEventPayload<'activeGameCheck'>) : undefined),
        ANSWER_MS,
      );
      return answer.gameSession;
    } catch (error) {
      if (!isTransient(error)) throw error;
    }
  }
  return null;
}

const slotOf = (state: GameState, player: StormPlayer): Slot => (state.player2Wallet === player.address ? 'player2' : 'player1');
const outcomeOf = (winner: Slot | 'draw', slot: Slot): SeenOutcome => (winner === 'draw' ? 'draw' : winner === slot ? 'won' : 'lost');

function followGame(client: GameClient, player: StormPlayer, state: GameState, deps: StormDeps): Promise<Followed> {
  const { sessionId } = state;
  const act = () => client.emit('playerAction', randomMoves(deps.random));
  let matched = state.phase !== 'waiting';
  let cancelSent = false;
  // A share of creators cancel at once, racing the next joiner; the others after waitLimitMs.
  let cancelAt = deps.random() < deps.cancelShare ? 0 : Date.now() + deps.waitLimitMs;
  return new Promise((resolve) => {
    const finish = (followed: Followed) => {
      clearInterval(ticker);
      clearTimeout(stuck);
      client.socket.offAny(listener);
      client.socket.off('disconnect', dropped);
      resolve(followed);
    };
    const listener = (name: string, payload: unknown) => {
      if ((payload as { sessionId?: string } | null)?.sessionId !== sessionId) return;
      if (name === 'roundStart') act();
      if (name === 'roundEnd') {
        const end = payload as ServerEventPayload<'roundEnd'>;
        if (end.gameOver && end.winner) finish(outcomeOf(end.winner, slotOf(state, player)));
      }
      if (name === 'gameState') {
        const next = payload as GameState;
        if (next.phase !== 'waiting') matched = true;
        if (next.phase === 'cancelled') finish('cancelled');
        if (next.phase === 'over' && next.winner) finish(outcomeOf(next.winner, slotOf(next, player)));
      }
      if (name === 'cancelGameResult') {
        if ((payload as ServerEventPayload<'cancelGameResult'>).success) return finish('cancelled');
        // Matched meanwhile (the game goes on), or refused for now: try again a little later.
        cancelSent = false;
        cancelAt = Date.now() + 2_000;
      }
    };
    const dropped = () => finish('dropped');
    // A waiting creator cancels at its moment, or as soon as the storm is over.
    const cancelIfDue = () => {
      if (matched || cancelSent || (Date.now() < cancelAt && !deps.stopping())) return;
      cancelSent = true;
      deps.record.cancelsSent += 1;
      client.emit('cancelGame', { sessionId, walletAddress: player.address });
    };
    const ticker = setInterval(cancelIfDue, 100);
    const stuck = setTimeout(() => finish('stuck'), STUCK_MS);
    client.socket.onAny(listener);
    client.socket.once('disconnect', dropped);
    if (!client.socket.connected) return finish('dropped');
    cancelIfDue();
    // Taken back in the middle of a round (a server that resumes games): act in it.
    if (state.phase === 'round' && !state.myMove) act();
  });
}
