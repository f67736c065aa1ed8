// The columns of a game record as the history and the record reads return them, shared by
// game-records-store.ts and wallet-history.ts so both answer the same shape. The subqueries are
// spelled with the table's name: drizzle writes columns unqualified inside sql``, which a
// subquery would read as its own.
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { games } from './schema';

export const RECORD_COLUMNS = {
  sessionId: games.sessionId,
  createdAt: games.createdAt,
  player1Id: games.player1Id,
  player2Id: games.player2Id,
  player1Wallet: games.player1Wallet,
  player2Wallet: games.player2Wallet,
  player1Name: games.player1Name,
  player2Name: games.player2Name,
  player1Character: games.player1Character,
  player2Character: games.player2Character,
  betAmount: games.betAmount,
  stakeLamports: games.stakeLamports,
  winner: games.winner,
  gameOver: games.gameOver,
  endReason: games.endReason,
  currentRound: games.currentRound,
  rewardClaimed: games.rewardClaimed,
  isBot: games.isBot,
  fairnessCommitment: games.fairnessCommitment,
  serverSeed: games.serverSeed,
  clientSeeds: games.clientSeeds,
  rounds: games.rounds,
  payoutState: games.payoutState,
};

/** What `wallet` paid for its stake in the game: the stake_in row of its payment bound to it. */
export function stakePaidBy(wallet: Placeholder | SQL | string) {
  return sql<string | null>`(select l.amount::text from payments p join ledger l on l.payment_id = p.id and l.kind = 'stake_in'
    where p.game_session_id = "games"."session_id" and p.kind = 'stake' and p.wallet = ${wallet} limit 1)`;
}

/** The tournament the game was a bracket match of, if any. */
export const TOURNAMENT_ID = sql<string | null>`(select t.tournament_id from tournament_matches tm join tournaments t on t.id = tm.tournament_id
    where tm.session_id = "games"."session_id" limit 1)`;
