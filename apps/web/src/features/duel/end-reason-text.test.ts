// How the game ended, in the viewer's words, for every endReason the server sends.
import { describe, expect, it } from 'vitest';
import { roundEnd } from '../../test-support/duel-events';
import { endReasonOfRound, endReasonText } from './end-reason-text';

describe('endReasonText', () => {
  it('names a knock-out, in or out of sudden death', () => {
    expect(endReasonText('knockout', 'won', 'yuki')).toBe('Knock-out');
    expect(endReasonText('knockout', 'lost', 'yuki')).toBe('Knock-out');
    expect(endReasonText('suddenDeath', 'lost', 'yuki')).toBe('Knocked out in sudden death');
  });

  it('says who resigned', () => {
    expect(endReasonText('resigned', 'won', 'yuki')).toBe('yuki resigned');
    expect(endReasonText('resigned', 'lost', 'yuki')).toBe('You resigned');
  });

  it('says who left when the victory was claimed, and a game settled unplayed', () => {
    expect(endReasonText('abandoned', 'won', 'yuki')).toBe('Victory claimed: yuki left the game');
    expect(endReasonText('abandoned', 'lost', 'yuki')).toBe('Victory claimed by yuki: you left the game');
    expect(endReasonText('abandoned', 'draw', 'yuki')).toBe('Draw: the game could not be resumed');
  });

  it('names a draw', () => {
    expect(endReasonText('draw', 'draw', 'yuki')).toBe('Draw: both fighters fell');
  });
});

describe('endReasonOfRound', () => {
  it('reads the last round while the final state is on its way', () => {
    expect(endReasonOfRound(undefined)).toBeNull();
    expect(endReasonOfRound(roundEnd(3, 7, [40, 60]))).toBeNull();
    expect(endReasonOfRound(roundEnd(3, 7, [40, 0], { winner: 'player1' }))).toBe('knockout');
    expect(endReasonOfRound({ ...roundEnd(11, 23, [0, 0], { winner: 'draw' }), suddenDeath: true })).toBe('draw');
    expect(endReasonOfRound({ ...roundEnd(11, 23, [0, 5], { winner: 'player2' }), suddenDeath: true })).toBe('suddenDeath');
  });
});
