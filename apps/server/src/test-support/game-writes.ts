// Games written through the game's own store (duels-store.ts), from creation to the end, for the
// database tests of what those writes keep: the counters (leaderboard-counters.test.ts) and the
// history read from them (wallet-history.test.ts).
import { randomBytes } from 'node:crypto';
import { encodeBase58 } from '@duel-dojo/protocol';
import { ZERO_LAMPORTS, payoutLamports, toLamports } from '@duel-dojo/rules';
import { eq } from 'drizzle-orm';
import { type Fence, type LiveState, type RoundLogRow, applyMatch } from '../modules/duels';
import type { Db } from '../adapters/db/connect';
import { createDuelsStore } from '../adapters/db/duels-store';
import { games, payments, userStats, users } from '../adapters/db/schema';

const FENCE: Fence = { node: 'node-a', epoch: 1 };
const LIVE = { betAmount: 'Free!', paid: false, inviteCode: null, reserved: false, version: 1, seats: { player1: null, player2: null } } as unknown as LiveState;
const SEED = 'a'.repeat(64);
export const STAKE = toLamports(50_000_000n);

const ROUND: RoundLogRow = {
  round: 1,
  suddenDeath: false,
  roundWinner: 'player1',
  player1: { action: 'punch', prediction: 'kick', predictedRight: false, damageTaken: 0, healingReceived: 0, health: 100, factor: 1 },
  player2: { action: 'kick', prediction: 'punch', predictedRight: true, damageTaken: 12, healingReceived: 0, health: 88, factor: 1.05 },
};

export interface Player {
  id: string;
  wallet: string;
  name: string;
}

let serial = 0;
export async function newPlayer(db: Db): Promise<Player> {
  serial += 1;
  const wallet = encodeBase58(randomBytes(32));
  const [row] = await db.insert(users).values({ walletAddress: wallet, username: `counted${serial}`, referralCode: `CNT${serial}` }).returning();
  if (!row) throw new Error('no user');
  await db.insert(userStats).values({ userId: row.id });
  return { id: row.id, wallet, name: `counted${serial}` };
}

/** The game's real writes (duels-store.ts), from creation to its end. */
export function gameWriter(db: Db) {
  const store = createDuelsStore(db, { leaseMs: 60_000 });
  let sessions = 0;
  const result = (player: Player | null, won: 'win' | 'loss' | 'draw', paid: boolean) =>
    player === null ? [] : [{ userId: player.id, apply: (s: Parameters<typeof applyMatch>[0]) => applyMatch(s, { result: won, characterId: 3, rounds: 1, paid, stakeLamports: paid ? STAKE : ZERO_LAMPORTS, payoutLamports: paid ? payoutLamports(STAKE, STAKE) : ZERO_LAMPORTS }) }];

  return {
    async create(creator: Player, paid = false): Promise<string> {
      sessions += 1;
      const sessionId = `counted-${Date.now()}-${sessions}`;
      // A paid game's row goes in only beside its creator's verified stake, bound to it (duels-batch-writes.ts).
      if (paid) {
        const reference = encodeBase58(randomBytes(32));
        await db.insert(payments).values({ kind: 'stake', wallet: creator.wallet, expectedLamports: STAKE, status: 'verified', reference, gameSessionId: sessionId, verifiedAt: new Date(), expiresAt: new Date(Date.now() + 600_000) });
      }
      const written = await store.createGame(
        {
          sessionId,
          player1Id: creator.id,
          player1Wallet: creator.wallet,
          player1Name: creator.name,
          player1Character: 3,
          betAmount: paid ? '5$' : 'Free!',
          stakeLamports: paid ? STAKE : ZERO_LAMPORTS,
          fairnessCommitment: SEED,
          serverSeed: SEED,
          liveState: LIVE,
        },
        FENCE,
      );
      if (!written) throw new Error(`game ${sessionId} was not written`);
      return sessionId;
    },
    start: (sessionId: string, opponent: Player | 'bot') =>
      store.startGame(
        sessionId,
        opponent === 'bot'
          ? { player2Id: null, player2Wallet: null, player2Name: 'Dojo Bot', player2Character: 5, isBot: true }
          : { player2Id: opponent.id, player2Wallet: opponent.wallet, player2Name: opponent.name, player2Character: 5, isBot: false },
        LIVE,
        FENCE,
      ),
    /** `winner` null: a draw. */
    finish: (sessionId: string, player1: Player, player2: Player | null, winner: 'player1' | 'player2' | null, paid = false) =>
      store.finishGame(
        {
          sessionId,
          winner: winner === null ? 'draw' : winner === 'player1' ? player1.wallet : (player2?.wallet ?? 'player2'),
          endReason: 'knockout',
          currentRound: 1,
          rounds: [ROUND],
          serverSeed: SEED,
          clientSeeds: { player1: 'seed1', player2: 'seed2' },
          endedAt: new Date(),
          payoutState: paid ? (winner === null ? 'refund_due' : 'due') : 'none',
        },
        [
          ...result(player1, winner === null ? 'draw' : winner === 'player1' ? 'win' : 'loss', paid),
          ...result(player2, winner === null ? 'draw' : winner === 'player2' ? 'win' : 'loss', paid),
        ],
        FENCE,
      ),
    cancel: (sessionId: string, paid: boolean) => store.cancelGame(sessionId, new Date(), paid ? 'refund_due' : 'none', FENCE),
    /** As ledger-outgoing.ts marks a refund sent. */
    refunded: (sessionId: string) => db.update(games).set({ payoutState: 'refunded' }).where(eq(games.sessionId, sessionId)),
  };
}
