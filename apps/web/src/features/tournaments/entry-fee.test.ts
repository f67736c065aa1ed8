import { describe, expect, it } from 'vitest';
import { entryFeeLabel, growingPoolText, isPaidTournament, poolSplitText, poolTotalText } from './entry-fee';
import { aTournament, paidFields } from './tournament-fixtures';

describe('entry fee texts (issue 8)', () => {
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
});
