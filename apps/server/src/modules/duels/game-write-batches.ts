// This node's live-game writes in batches across games (write-batch.ts): new games, second seats,
// closed rounds, and the records of games whose end changes no registered player's stats. The
// store this gives is the one the games use; each call answers as the plain store's would. A
// record with stats to change keeps its own transaction (each stats row read under a row lock,
// adapters/db/duels-store.ts).
import type { DuelsStore, FencedMatch, FencedNewGame, FencedResult, FencedRound } from './ports';
import { type Defer, WriteBatch, windowDefer } from './write-batch';

/**
 * How long the writes no one waits for gather before their statement: closed rounds (behind the
 * round's events, write-behind.ts) and the records of games with no registered player (no stats,
 * no stake: nobody is told the result only after it). A round lasts seconds, so a game's next
 * write never queues behind its last; a node that dies inside this window replays the round it
 * had not written, as one dying between a round's events and its write always did
 * (docs/durable-games.md). New games and second seats go at once: a join waits for them.
 */
export const WRITE_BEHIND_WINDOW_MS = 100;

/**
 * New games and second seats are on a join's path: a join's write does not wait behind a whole
 * statement already in flight, only for one of its own (two statements of a kind at once).
 */
export const JOIN_STATEMENTS_IN_FLIGHT = 2;

export function batchedWrites(store: DuelsStore, defer?: Defer): DuelsStore {
  const creates = new WriteBatch<FencedNewGame>((batch) => store.createGames(batch), (entry) => entry.row.sessionId, defer, undefined, JOIN_STATEMENTS_IN_FLIGHT);
  const starts = new WriteBatch<FencedMatch>((batch) => store.startGames(batch), (entry) => entry.sessionId, defer, undefined, JOIN_STATEMENTS_IN_FLIGHT);
  const behind = defer ?? windowDefer(WRITE_BEHIND_WINDOW_MS);
  const rounds = new WriteBatch<FencedRound>((batch) => store.saveRounds(batch), (entry) => entry.round.sessionId, behind);
  const results = new WriteBatch<FencedResult>((batch) => store.finishGames(batch), (entry) => entry.result.sessionId, behind);
  return {
    ...store,
    createGame: (row, fence) => creates.write({ row, fence }),
    startGame: (sessionId, row, liveState, fence) => starts.write({ sessionId, row, liveState, fence }),
    saveRound: (round, fence) => rounds.write({ round, fence }),
    finishGame: (result, changes, fence) => (changes.length > 0 ? store.finishGame(result, changes, fence) : results.write({ result, fence })),
  };
}
