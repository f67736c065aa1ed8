// The checks every cluster game must pass once it is over, whatever happened to the nodes: both
// players saw it end with the same winner, never a draw; its row is over with that winner's wallet
// (recorded once: each player's stats count one match); every player who lost its node got its
// seat back with checkActiveGame; and every round of the log was played by both (no round lost
// to an absence the players did not choose).
import type { Slot } from '@duel-dojo/rules';
import type { Database } from '../../adapters/db/connect';
import { type GameRow, gameRows, statsOf, until } from './cluster-games';
import type { GameOutcome, GamePlayer } from './cluster-player';

export interface PlayedGame {
  readonly sessionId: string;
  readonly creator: GamePlayer;
  readonly joiner: GamePlayer;
}

export const playersOf = (games: readonly PlayedGame[]): GamePlayer[] => games.flatMap((game) => [game.creator, game.joiner]);

/** The transcripts of the players of unfinished games first (the interesting ones), at most `limit`. */
export function transcripts(players: readonly GamePlayer[], limit = 6): string {
  const unfinished = players.filter((player) => !player.over);
  return [...unfinished, ...players.filter((player) => player.over)]
    .slice(0, limit)
    .map((player) => player.transcript())
    .join('\n');
}

export interface Expectations {
  readonly timeoutMs: number;
  /** The winner the moves make when both play every round. */
  readonly winner?: Slot;
}

type RoundLine = { readonly round: number; readonly player1: { readonly action: string | null }; readonly player2: { readonly action: string | null } };

/** Waits for every game to end, then answers nothing or throws every broken rule at once. */
export async function verifyPlayedGames(database: Database, games: readonly PlayedGame[], expect: Expectations): Promise<void> {
  // Every player's view, even when some never see their end: the message then says all that broke.
  const seen = async (player: GamePlayer): Promise<GameOutcome | null> => player.finished(expect.timeoutMs).catch(() => null);
  const outcomes = await Promise.all(games.map((game) => Promise.all([seen(game.creator), seen(game.joiner)])));
  const ids = games.map((game) => game.sessionId);
  const rows = await until(() => gameRows(database, ids), (found) => found.length === ids.length && found.every((row) => row.gameOver), 30_000, 'every game recorded').catch(() => gameRows(database, ids));
  const stats = await statsOf(database, playersOf(games).map((player) => player.player.userId));
  const broken: string[] = [];
  games.forEach((game, index) => {
    const [seenByCreator, seenByJoiner] = outcomes[index] as [GameOutcome | null, GameOutcome | null];
    const row = rows.find((found) => found.sessionId === game.sessionId) as GameRow;
    const say = (text: string) => broken.push(`${game.sessionId} (${game.creator.player.name} v ${game.joiner.player.name}): ${text}`);
    if (!seenByCreator || !seenByJoiner) say(`${seenByCreator ? '' : 'the creator '}${seenByJoiner ? '' : 'the joiner '}never saw the end within ${expect.timeoutMs} ms`);
    const winner = seenByCreator?.winner ?? seenByJoiner?.winner;
    if (seenByCreator && seenByJoiner && seenByCreator.winner !== seenByJoiner.winner) say(`the players saw different winners: ${seenByCreator.winner} / ${seenByJoiner.winner}`);
    if (winner === 'draw' || row.winner === 'draw') say('a draw');
    if (expect.winner && winner && winner !== expect.winner) say(`won by ${winner}, not ${expect.winner}`);
    const wallet = winner === 'player1' ? game.creator.player.address : winner === 'player2' ? game.joiner.player.address : 'a winner';
    if (!row.gameOver || row.winner !== wallet || row.endedAt === null) say(`recorded over=${row.gameOver} winner ${row.winner} ended ${String(row.endedAt)}; expected ${wallet}`);
    const absent = (row.rounds as unknown as RoundLine[]).filter((line) => line.player1.action === null || line.player2.action === null).map((line) => line.round);
    if (absent.length > 0) say(`rounds ${absent.join(', ')} were logged with a player absent`);
    for (const player of [game.creator, game.joiner]) {
      const matches = stats.get(player.player.userId)?.totalMatches ?? 0;
      if (matches !== 1) say(`${player.player.name} has ${matches} matches recorded`);
      for (const refusal of player.lostSeats()) say(`${player.player.name} asked for its game back and got ${refusal}`);
    }
  });
  if (broken.length > 0) throw new Error(`${broken.length} broken:\n${broken.join('\n')}`);
}
