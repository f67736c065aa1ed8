import { describe, expect, it } from 'vitest';
import { entryFeeLabel, entrySummary, growingPoolText, isPaidTournament, poolSplitText, poolTotalText, topPrizeText } from './entry-fee';
import { aTournament, paidFields } from '../../test-support/tournaments';

describe('entry fee texts (paid tournaments)', () => {
  it('says the fee from its lamports, else the typed text, else "Free"', () => {
    expect(entryFeeLabel(aTournament(paidFields(0, 50_000_000n)))).toBe('0.05 SOL');
    expect(entryFeeLabel(aTournament(paidFields(0, 1_500_000_000n)))).toBe('1.5 SOL');
    expect(entryFeeLabel(aTournament({ entryFee: '', entryFeeLamports: '0' }))).toBe('Free');
    expect(entryFeeLabel(aTournament({ entryFee: 'Free', entryFeeLamports: '0' }))).toBe('Free');
    expect(isPaidTournament(aTournament(paidFields(0)))).toBe(true);
    expect(isPaidTournament(aTournament())).toBe(false);
  });

  it('describes the pool from the rules and says it grows until the start', () => {
    expect(poolSplitText()).toBe('97% of the entry fees: 1st 60%, 2nd 30%, 3rd 10%');
    expect(poolTotalText(aTournament(paidFields(4)))).toBe('0.194 SOL');
    expect(poolTotalText(aTournament())).toBeNull();
    expect(growingPoolText(aTournament(paidFields(0)))).toBe('No entries yet: the pool grows with each entry.');
    expect(growingPoolText(aTournament({ ...paidFields(4), status: 'active' }))).toBeNull();
    expect(growingPoolText(aTournament())).toBeNull();
  });

  it('says the most that can come back (1st prize of a full bracket) and the entry in one sentence', () => {
    expect(topPrizeText(aTournament({ ...paidFields(0), maxParticipants: 4 }))).toBe('0.1164 SOL');
    expect(topPrizeText(aTournament({ ...paidFields(0), maxParticipants: 8 }))).toBe('0.2328 SOL');
    expect(entrySummary(aTournament(paidFields(0)))).toBe('Entry 0.05 SOL — the prize pool is 97% of the entry fees: 1st 60%, 2nd 30%, 3rd 10%, paid automatically when the tournament ends.');
    expect(entrySummary(aTournament(paidFields(2)))).toMatch(/ ends\. So far: 0\.097 SOL\.$/);
  });
});
