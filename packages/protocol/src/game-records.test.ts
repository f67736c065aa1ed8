import { describe, expect, it } from 'vitest';
import { gameRecord, gamesAnswer, gamesQuery } from './game-records';
import { COMMITMENT_HEX, ISO, SEED_HEX, WALLET_A, WALLET_B } from './test-support/samples';

const record = {
  sessionId: 'g_123',
  createdAt: ISO,
  player1Wallet: WALLET_A,
  player2Wallet: WALLET_B,
  player1: 'u_1',
  player2: 'u_2',
  player1Name: 'Ninja',
  player2Name: 'Ronin',
  winner: WALLET_A,
  gameOver: true,
  betAmount: '5$',
  playerCharacter: { id: 7 },
  opponentCharacter: { id: 2 },
  currentRound: 6,
  rewardClaimed: false,
  stakeLamports: '33333333',
  payoutLamports: '64666666',
  stakePaidLamports: '33333333',
  refunded: false,
  cancelled: false,
  tournamentId: null,
  fairness: { commitment: COMMITMENT_HEX, serverSeed: SEED_HEX, clientSeeds: { player1: 'a1b2', player2: '' } },
  endReason: 'knockout',
  rounds: [{ round: 1, suddenDeath: false, roundWinner: 'player1', player1: { action: 'attack', prediction: 'dodge', predictedRight: false, damageTaken: 0, healingReceived: 0, health: 100, factor: 1.05 }, player2: { action: null, prediction: null, predictedRight: false, damageTaken: 24, healingReceived: 0, health: 76, factor: 0.93 } }],
};

describe('games list', () => {
  it('reads ?wallet=&limit=&offset=', () => {
    expect(gamesQuery.parse({ wallet: WALLET_A })).toEqual({ wallet: WALLET_A, limit: 20, offset: 0 });
    expect(gamesQuery.parse({ wallet: WALLET_A, limit: '10', offset: '10' })).toEqual({ wallet: WALLET_A, limit: 10, offset: 10 });
    expect(gamesQuery.safeParse({}).success).toBe(false);
    expect(gamesQuery.safeParse({ wallet: WALLET_A, limit: '500' }).success).toBe(false);
  });

  it('accepts a record with its fields, money and fairness', () => {
    expect(gamesAnswer.parse({ success: true, games: [record], total: 1 }).games[0]).toEqual(record);
    const botGame = { ...record, player2Wallet: null, player2: 'bot', winner: 'player2', fairness: { commitment: COMMITMENT_HEX, serverSeed: null, clientSeeds: null } };
    expect(gameRecord.safeParse(botGame).success).toBe(true);
    expect(gameRecord.safeParse({ ...record, gameOver: false, winner: null }).success).toBe(true);
  });

  it('accepts a cancelled staked wait (no opponent, refunded) and a tournament game', () => {
    const cancelled = { ...record, player2Wallet: null, player2: null, player2Name: null, opponentCharacter: null, gameOver: false, winner: null, currentRound: 0, payoutLamports: '0', refunded: true, cancelled: true, fairness: null, endReason: null, rounds: [] };
    expect(gameRecord.parse(cancelled)).toEqual(cancelled);
    expect(gameRecord.parse({ ...record, tournamentId: 'T-ABC123' }).tournamentId).toBe('T-ABC123');
    expect(gameRecord.safeParse({ ...record, stakePaidLamports: '1.5' }).success).toBe(false);
  });

  it('refuses float money, a malformed commitment and unknown characters', () => {
    expect(gameRecord.safeParse({ ...record, stakeLamports: '0.03' }).success).toBe(false);
    expect(gameRecord.safeParse({ ...record, payoutLamports: -1 }).success).toBe(false);
    expect(gameRecord.safeParse({ ...record, fairness: { commitment: 'ABC', serverSeed: null, clientSeeds: null } }).success).toBe(false);
    expect(gameRecord.safeParse({ ...record, playerCharacter: { id: 0 } }).success).toBe(false);
    expect(gamesAnswer.safeParse({ success: true, games: Array.from({ length: 101 }, () => record), total: 101 }).success).toBe(false);
  });
});
