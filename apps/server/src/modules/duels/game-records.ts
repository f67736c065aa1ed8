// The battle history: the records as the wire shows them.
import { type GameRecord, type LiveGame, LIVE_GAMES_LIMIT } from '@duel-dojo/protocol';
import { payoutLamports, toLamports } from '@duel-dojo/rules';
import type { GameRecordRow, GameRecordsStore } from './records-port';

export const BOT_PLAYER_ID = 'bot';

const GIVEN_BACK = new Set<GameRecordRow['payoutState']>(['refund_due', 'refunded']);

/** `row.stakePaidLamports` is the listed wallet's: the record reads for that wallet. */
export function gameRecordView(row: GameRecordRow): GameRecord {
  const stake = toLamports(row.stakeLamports);
  const decided = row.gameOver && row.winner !== null && row.winner !== 'draw';
  return {
    sessionId: row.sessionId,
    createdAt: row.createdAt.toISOString(),
    player1Wallet: row.player1Wallet,
    player2Wallet: row.player2Wallet,
    player1: row.player1Id,
    player2: row.player2Id ?? (row.isBot ? BOT_PLAYER_ID : null),
    player1Name: row.player1Name,
    player2Name: row.player2Name,
    winner: row.gameOver ? row.winner : null,
    gameOver: row.gameOver,
    endReason: row.gameOver ? row.endReason : null,
    betAmount: row.betAmount,
    playerCharacter: { id: row.player1Character },
    opponentCharacter: row.player2Character === null ? null : { id: row.player2Character },
    currentRound: row.currentRound,
    rewardClaimed: row.rewardClaimed,
    stakeLamports: stake.toString(),
    payoutLamports: decided && stake > 0n ? payoutLamports(stake, stake).toString() : '0',
    stakePaidLamports: row.stakePaidLamports.toString(),
    // Decided as soon as the game is marked for it: the money page follows the transfer itself.
    refunded: row.stakePaidLamports > 0n && GIVEN_BACK.has(row.payoutState),
    cancelled: row.player2Character === null && !row.gameOver && GIVEN_BACK.has(row.payoutState),
    tournamentId: row.tournamentId,
    // The seed stays secret until the game is over: it decides the rounds still to come.
    fairness: row.fairnessCommitment
      ? { commitment: row.fairnessCommitment, serverSeed: row.gameOver ? row.serverSeed : null, clientSeeds: row.gameOver ? row.clientSeeds : null }
      : null,
    rounds: row.gameOver ? (row.rounds as GameRecord['rounds']) : [],
  };
}

/**
 * `recorded` waits for this node's write of a game just over (write-behind.ts): a record asked
 * for right after the game-over events (a verifier, a replay) is the written one.
 */
export function createGameRecords(store: GameRecordsStore, recorded: (sessionId: string) => Promise<void> = () => Promise.resolve()) {
  return {
    async list(wallet: string, limit: number, offset: number): Promise<{ games: GameRecord[]; total: number }> {
      const { rows, total } = await store.listByWallet(wallet, limit, offset);
      return { games: rows.map(gameRecordView), total };
    },

    /** One game's record; its round log and seed stay hidden while it runs (gameRecordView). */
    async one(sessionId: string): Promise<GameRecord | null> {
      await recorded(sessionId);
      const row = await store.findBySession(sessionId);
      return row ? gameRecordView(row) : null;
    },

    /** The live duels anyone may watch, newest first (docs/spectating.md). */
    async live(limit: number = LIVE_GAMES_LIMIT): Promise<LiveGame[]> {
      const rows = await store.listLive(limit);
      return rows.map((row) => ({
        sessionId: row.sessionId,
        createdAt: row.createdAt.toISOString(),
        player1Name: row.player1Name,
        player2Name: row.player2Name,
        player1Character: row.player1Character,
        player2Character: row.player2Character,
        betAmount: row.betAmount,
        round: row.currentRound,
        vsBot: row.isBot,
      }));
    },
  };
}

export type GameRecords = ReturnType<typeof createGameRecords>;
