import type { GameRecord } from '@duel-dojo/protocol';
import { describe, expect, it } from 'vitest';
import { roundsText, viewGame } from './game-view';

const ME = 'Me1111111111111111111111111111111';
const THEM = 'Them111111111111111111111111111111';
const game: GameRecord = {
  sessionId: 's1', createdAt: '2026-03-01T12:00:00.000Z', player1Wallet: THEM, player2Wallet: ME, player1: 'u-them', player2: 'u-me',
  player1Name: 'Them', player2Name: 'Me', winner: ME, gameOver: true, endReason: 'knockout', betAmount: '10$', playerCharacter: { id: 1 }, opponentCharacter: { id: 9 },
  currentRound: 1, rewardClaimed: false, stakeLamports: '1', payoutLamports: '1', stakePaidLamports: '33333333', refunded: false, cancelled: false,
  tournamentId: null, fairness: null, rounds: [],
};

describe('a game record as the viewer sees it', () => {
  it('puts the viewer on the left whichever seat they had', () => {
    const view = viewGame(game, ME, true);
    expect([view.myCharacter.name, view.opponentCharacter?.name, view.opponentName, view.opponentWallet]).toEqual(['Samurai', 'Warrior', 'Them', THEM]);
    expect([view.result, view.paid, view.reward, view.rounds]).toEqual(['Victory', true, 'Claim Reward', '1 round']);
  });

  it('shows the prize without a claim button to others', () => {
    expect(viewGame(game, ME, false).reward).toBe('Prize Available');
    expect(viewGame({ ...game, rewardClaimed: true }, ME, true).reward).toBe('Prize Claimed');
    expect(viewGame(game, THEM, true)).toMatchObject({ result: 'Defeat', reward: null });
  });

  it('names a bot or guest opponent without a profile link', () => {
    const view = viewGame({ ...game, player1Wallet: null, player1Name: 'Bot' }, ME, true);
    expect([view.opponentName, view.opponentWallet]).toEqual(['Bot', null]);
  });

  it('shows the SOL staked, and "Refunded" where the stake came back', () => {
    expect(viewGame(game, ME, true)).toMatchObject({ stakeSol: '0.0333 SOL', refunded: false, tournamentId: null });
    const drawn = viewGame({ ...game, winner: 'draw', refunded: true }, ME, true);
    expect([drawn.result, drawn.refunded, drawn.reward]).toEqual(['Draw', true, null]);
    expect(viewGame({ ...game, betAmount: 'Free!', stakePaidLamports: '0' }, ME, true).stakeSol).toBeNull();
  });

  it('lists a cancelled staked wait with no opponent, and marks a tournament game', () => {
    const cancelled = viewGame(
      { ...game, player1Wallet: ME, player2Wallet: null, player1Name: 'Me', player2Name: null, player2: null, opponentCharacter: null, playerCharacter: { id: 9 }, gameOver: false, winner: null, currentRound: 0, cancelled: true, refunded: true },
      ME,
      true,
    );
    expect(cancelled).toMatchObject({ result: 'Cancelled', opponentCharacter: null, opponentName: 'No opponent', opponentWallet: null, refunded: true, reward: null });
    expect(cancelled.myCharacter.name).toBe('Samurai');
    expect(viewGame({ ...game, tournamentId: 'T-ABC123' }, ME, true).tournamentId).toBe('T-ABC123');
  });

  it('says "Quick match" when no round was played', () => {
    expect([roundsText(0), roundsText(1), roundsText(7)]).toEqual(['Quick match', '1 round', '7 rounds']);
  });

  it('names the round being fought of a running game, never "Quick match"', () => {
    const running = { ...game, gameOver: false, winner: null, endReason: null };
    expect(viewGame({ ...running, currentRound: 7 }, ME, true)).toMatchObject({ result: 'In progress', rounds: 'Live: round 8' });
    expect(viewGame({ ...running, currentRound: 0 }, ME, true).rounds).toBe('Live: round 1');
  });
});
