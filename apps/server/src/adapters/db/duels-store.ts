// The live game's writes: a games row when a game is created (waiting), its second seat when it
// starts, and at the end — in ONE transaction — the result and both registered players' stats,
// each stats row read under a row lock so two games ending at once cannot lose an update.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DuelsStore, Fence, PlayerStatsRow } from '../../modules/duels';
import type { Db, Tx } from './connect';
import { createGames, finishGames, saveRounds, startGames } from './duels-batch-writes';
import { prepareDuelsStatements } from './duels-statements';
import { characterOwnership, games, userStats, users } from './schema';

async function readStats(tx: Tx, userId: string): Promise<PlayerStatsRow | null> {
  const [row] = await tx
    .select({ stats: userStats, experience: users.experience, level: users.level })
    .from(userStats)
    .innerJoin(users, eq(users.id, userStats.userId))
    .where(eq(userStats.userId, userId))
    .for('update')
    .limit(1);
  if (!row) return null;
  const s = row.stats;
  return {
    totalMatches: s.totalMatches,
    wins: s.wins,
    losses: s.losses,
    draws: s.draws,
    totalEarnings: s.totalEarnings,
    totalLosses: s.totalLosses,
    biggestWin: s.biggestWin,
    biggestLoss: s.biggestLoss,
    totalProfit: s.totalProfit,
    longestWinStreak: s.longestWinStreak,
    currentWinStreak: s.currentWinStreak,
    favoriteCharacter: s.favoriteCharacter,
    characterPlays: s.characterPlays,
    totalRoundsPlayed: s.totalRoundsPlayed,
    freeGamesPlayed: s.freeGamesPlayed,
    paidGamesPlayed: s.paidGamesPlayed,
    experience: row.experience,
    level: row.level,
  };
}

async function writeStats(tx: Tx, userId: string, next: PlayerStatsRow, now: Date): Promise<void> {
  const { experience, level, ...stats } = next;
  await tx.update(userStats).set({ ...stats, updatedAt: now }).where(eq(userStats.userId, userId));
  await tx.update(users).set({ experience, level, lastActiveAt: now }).where(eq(users.id, userId));
}

/** The game's row, only while `fence` still holds its lease (modules/duels/live-state.ts). */
const heldBy = (sessionId: string, fence: Fence) => and(eq(games.sessionId, sessionId), eq(games.ownerNode, fence.node), eq(games.leaseEpoch, fence.epoch));
const stillOpen = and(eq(games.gameOver, false), isNull(games.endedAt));

export function createDuelsStore(db: Db, options: { leaseMs: number }): DuelsStore {
  const statements = prepareDuelsStatements(db, options.leaseMs);
  return {
    async createGame(row, fence) {
      return (await createGames(db, [{ row, fence }], options.leaseMs)).has(row.sessionId);
    },

    async startGame(sessionId, row, liveState, fence) {
      const updated = await statements.startGame.execute({ ...row, liveState, sessionId, node: fence.node, epoch: fence.epoch });
      return updated.length === 1;
    },

    async saveRound(round, fence) {
      const { sessionId, currentRound, rounds, liveState } = round;
      const updated = await statements.saveRound.execute({ sessionId, currentRound, rounds, liveState, node: fence.node, epoch: fence.epoch });
      return updated.length === 1;
    },

    createGames: (batch) => createGames(db, batch, options.leaseMs),

    startGames: (batch) => startGames(db, batch),

    saveRounds: (batch) => saveRounds(db, batch),

    finishGames: (batch) => finishGames(db, batch),

    async cancelGame(sessionId, endedAt, payoutState, fence) {
      const updated = await db
        .update(games)
        .set({ endedAt, payoutState, ownerNode: null, liveState: null })
        .where(and(heldBy(sessionId, fence), stillOpen, isNull(games.player2Character)))
        .returning({ id: games.id });
      return updated.length === 1;
    },

    async finishGame(result, changes, fence) {
      // No registered player (guests, the bot): one conditional UPDATE, no BEGIN/COMMIT.
      if (changes.length === 0) {
        const ended = await statements.finishGame.execute({ ...result, node: fence.node, epoch: fence.epoch });
        return ended.length === 1;
      }
      return db.transaction(async (tx) => {
        const ended = await tx
          .update(games)
          .set({
            winner: result.winner,
            endReason: result.endReason,
            gameOver: true,
            currentRound: result.currentRound,
            rounds: result.rounds.map((round) => ({ ...round })),
            serverSeed: result.serverSeed,
            clientSeeds: result.clientSeeds,
            endedAt: result.endedAt,
            payoutState: result.payoutState,
            // Not resumable any more; it held guests' rejoin keys, which the record never keeps.
            ownerNode: null,
            liveState: null,
          })
          .where(and(heldBy(result.sessionId, fence), eq(games.gameOver, false)))
          .returning({ id: games.id });
        if (ended.length !== 1) return false;
        // A fixed lock order (by user id), so two games sharing players cannot deadlock.
        for (const change of [...changes].sort((a, b) => a.userId.localeCompare(b.userId))) {
          const current = await readStats(tx, change.userId);
          if (current) await writeStats(tx, change.userId, change.apply(current), result.endedAt);
        }
        return true;
      });
    },

    async ownsCharacter(userId, characterId) {
      const rows = await db
        .select({ characterId: characterOwnership.characterId })
        .from(characterOwnership)
        .where(and(eq(characterOwnership.userId, userId), eq(characterOwnership.characterId, characterId)))
        .limit(1);
      return rows.length === 1;
    },

    async pastGame(sessionId) {
      const [row] = await db
        .select({
          sessionId: games.sessionId,
          betAmount: games.betAmount,
          endedAt: games.endedAt,
          isBot: games.isBot,
          player1Wallet: games.player1Wallet,
          player1Name: games.player1Name,
          player1Character: games.player1Character,
          player2Wallet: games.player2Wallet,
          player2Name: games.player2Name,
          player2Character: games.player2Character,
          // Spelled out: drizzle writes a column inside sql`` without its table, which the
          // subquery would read as its own tm.session_id (then every game would look like a match).
          tournament: sql<boolean>`exists (select 1 from tournament_matches tm where tm.session_id = "games"."session_id")`,
        })
        .from(games)
        .where(and(eq(games.sessionId, sessionId), eq(games.gameOver, true)))
        .limit(1);
      if (!row || !row.endedAt) return null;
      return {
        sessionId: row.sessionId,
        betAmount: row.betAmount,
        endedAt: row.endedAt,
        isBot: row.isBot,
        tournament: row.tournament,
        player1: { wallet: row.player1Wallet, name: row.player1Name, characterId: row.player1Character },
        player2: { wallet: row.player2Wallet, name: row.player2Name, characterId: row.player2Character },
      };
    },
  };
}
