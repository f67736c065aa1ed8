import { describe, it, expect } from 'vitest';
import { type GameRecordView, isPaidBet, resultForViewer, rewardState } from './game-views';

const ALICE = 'AliceWa11et1111111111111111111111111111111';
const BOB = 'BobWa11et22222222222222222222222222222222';
const EVE = 'EveWa11et33333333333333333333333333333333';

const base: GameRecordView = {
  gameOver: true,
  winner: ALICE,
  player1: 'socket-a',
  player2: 'socket-b',
  player1Wallet: ALICE,
  player2Wallet: BOB,
  betAmount: '0.033 SOL',
  rewardClaimed: false,
};

describe('resultForViewer', () => {
  it('is In progress until the game is over', () => {
    expect(resultForViewer({ ...base, gameOver: false }, ALICE)).toBe('In progress');
    expect(resultForViewer({ ...base, gameOver: false, winner: null }, BOB)).toBe('In progress');
  });

  it('is a Draw when over without a winner or with the word draw', () => {
    expect(resultForViewer({ ...base, winner: null }, ALICE)).toBe('Draw');
    expect(resultForViewer({ ...base, winner: undefined }, BOB)).toBe('Draw');
    expect(resultForViewer({ ...base, winner: '' }, BOB)).toBe('Draw');
    expect(resultForViewer({ ...base, winner: 'draw' }, ALICE)).toBe('Draw');
  });

  it('recognises the winner by wallet', () => {
    expect(resultForViewer(base, ALICE)).toBe('Victory');
    expect(resultForViewer(base, BOB)).toBe('Defeat');
    expect(resultForViewer({ ...base, winner: BOB }, BOB)).toBe('Victory');
  });

  it('recognises the winner by player id', () => {
    expect(resultForViewer({ ...base, winner: 'socket-a' }, ALICE)).toBe('Victory');
    expect(resultForViewer({ ...base, winner: 'socket-a' }, BOB)).toBe('Defeat');
    expect(resultForViewer({ ...base, winner: 'socket-b' }, BOB)).toBe('Victory');
  });

  it('recognises the winner by slot name', () => {
    expect(resultForViewer({ ...base, winner: 'player1' }, ALICE)).toBe('Victory');
    expect(resultForViewer({ ...base, winner: 'player1' }, BOB)).toBe('Defeat');
    expect(resultForViewer({ ...base, winner: 'player2' }, BOB)).toBe('Victory');
    expect(resultForViewer({ ...base, winner: 'player2' }, ALICE)).toBe('Defeat');
  });

  it('is Defeat for someone who did not play or no viewer at all', () => {
    expect(resultForViewer({ ...base, winner: 'player1' }, EVE)).toBe('Defeat');
    expect(resultForViewer(base, null)).toBe('Defeat');
    expect(resultForViewer(base, undefined)).toBe('Defeat');
    expect(resultForViewer(base, '')).toBe('Defeat');
  });

  it('does not confuse a missing player id with a missing winner', () => {
    const noIds: GameRecordView = { gameOver: true, winner: 'socket-x', player1Wallet: ALICE, player2Wallet: BOB };
    expect(resultForViewer(noIds, ALICE)).toBe('Defeat');
    expect(resultForViewer(noIds, BOB)).toBe('Defeat');
  });
});

describe('isPaidBet', () => {
  it.each([
    ['0', false],
    ['Free!', false],
    ['', false],
    ['0.00 SOL', false],
    ['0 SOL', false],
    ['5$', true],
    ['10$', true],
    ['0.033 SOL', true],
    ['0.000000001 SOL', true],
    ['SOL 1.5', true],
    ['.5 SOL', true],
    ['-1 SOL', false],
    ['0$ then 5$', false],
  ])('%j is paid: %s', (text, paid) => {
    expect(isPaidBet(text)).toBe(paid);
  });

  it('accepts a bare number and nothing', () => {
    expect(isPaidBet(0.5)).toBe(true);
    expect(isPaidBet(0)).toBe(false);
    expect(isPaidBet(null)).toBe(false);
    expect(isPaidBet(undefined)).toBe(false);
  });
});

describe('rewardState', () => {
  it('offers the claim only to the winner on their own view', () => {
    expect(rewardState(base, ALICE, true)).toBe('Claim Reward');
    expect(rewardState(base, ALICE, false)).toBe('Prize Available');
  });

  it('shows a claimed prize to everyone looking at the winner', () => {
    expect(rewardState({ ...base, rewardClaimed: true }, ALICE, true)).toBe('Prize Claimed');
    expect(rewardState({ ...base, rewardClaimed: true }, ALICE, false)).toBe('Prize Claimed');
  });

  it('is null for a free game, a loss, a draw or a running game', () => {
    expect(rewardState({ ...base, betAmount: 'Free!' }, ALICE, true)).toBeNull();
    expect(rewardState({ ...base, betAmount: '0' }, ALICE, true)).toBeNull();
    expect(rewardState(base, BOB, true)).toBeNull();
    expect(rewardState({ ...base, winner: 'draw' }, ALICE, true)).toBeNull();
    expect(rewardState({ ...base, gameOver: false }, ALICE, true)).toBeNull();
  });
});
