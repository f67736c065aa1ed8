import { ERROR_MESSAGES, TOURNAMENT_START_DATE_PAST } from '@duel-dojo/protocol';
import { describe, expect, it } from 'vitest';
import { EMPTY_CREATE_FORM, checkCreateForm, isPaidFee, localDateTimeToIso, paidPoolNote, toLocalDateTime, withEntryFee } from './create-form';

const NOW = new Date(2026, 4, 1, 12, 0).getTime();
const filled = { ...EMPTY_CREATE_FORM, name: ' Friday Fights ', description: 'Bring your best', startDate: '2026-05-02T18:30' };

describe('checkCreateForm', () => {
  it('asks for name and description first, then the start date, then the wallet', () => {
    expect(checkCreateForm(EMPTY_CREATE_FORM, false, NOW)).toEqual({ ok: false, error: ERROR_MESSAGES.TOURNAMENT_REQUIRED_FIELDS });
    expect(checkCreateForm({ ...filled, description: '   ' }, true, NOW)).toEqual({ ok: false, error: 'Please fill in all required fields' });
    expect(checkCreateForm({ ...filled, startDate: '' }, true, NOW)).toEqual({ ok: false, error: 'Please select a start date' });
    expect(checkCreateForm({ ...filled, startDate: '2026-05-01T11:59' }, true, NOW)).toEqual({ ok: false, error: TOURNAMENT_START_DATE_PAST });
    expect(checkCreateForm(filled, false, NOW)).toEqual({ ok: false, error: 'Please connect your wallet to create a tournament.' });
  });

  it('builds the body: trimmed texts, defaults 8 and single elimination, the local time as ISO', () => {
    const check = checkCreateForm({ ...filled, first: ' 1 SOL ' }, true, NOW);
    expect(check).toEqual({
      ok: true,
      body: {
        name: 'Friday Fights',
        description: 'Bring your best',
        entryFee: '',
        maxParticipants: 8,
        startDate: new Date(2026, 4, 2, 18, 30).toISOString(),
        format: 'single-elimination',
        prizes: { first: '1 SOL', second: '', third: '' },
      },
    });
  });
});

describe('the entry fee (paid tournaments)', () => {
  it('is paid when it is an amount of SOL, out of range included; free words and other text are not', () => {
    for (const fee of ['0.05', '0.05 SOL', '1 sol', '0.0001', '500']) expect(isPaidFee(fee), fee).toBe(true);
    for (const fee of ['', 'Free', 'free', '0', '0.0', '10 USDC', 'a lot']) expect(isPaidFee(fee), fee).toBe(false);
  });

  it('empties the prizes when it becomes paid, and keeps them for a free one', () => {
    const prized = { ...filled, first: 'Belt', second: 'Fan', third: 'Cup' };
    expect(withEntryFee(prized, '0.05')).toMatchObject({ entryFee: '0.05', first: '', second: '', third: '' });
    expect(withEntryFee(prized, 'Free')).toMatchObject({ entryFee: 'Free', first: 'Belt', second: 'Fan', third: 'Cup' });
  });

  it('explains the pool with the rules\' split and what a full tournament pays', () => {
    expect(paidPoolNote({ entryFee: '', maxParticipants: 8 })).toBeNull();
    expect(paidPoolNote({ entryFee: '0.1', maxParticipants: 4 })).toBe(
      'The prize pool is 97% of the entry fees: 1st 60%, 2nd 30%, 3rd 10%. Full at 4 players: 1st 0.2328 SOL, 2nd 0.1164 SOL, 3rd 0.0388 SOL.',
    );
    expect(paidPoolNote({ entryFee: '200', maxParticipants: 4 })).toBe('The prize pool is 97% of the entry fees: 1st 60%, 2nd 30%, 3rd 10%.');
  });

  it('is checked by the protocol schema, after the start date and before the wallet', () => {
    expect(checkCreateForm({ ...filled, entryFee: '10 USDC' }, false, NOW)).toEqual({ ok: false, error: ERROR_MESSAGES.ENTRY_FEE_INVALID });
    expect(checkCreateForm({ ...filled, entryFee: '0.0001', startDate: '' }, true, NOW)).toEqual({ ok: false, error: 'Please select a start date' });
    expect(checkCreateForm({ ...filled, entryFee: '101 SOL' }, true, NOW)).toEqual({ ok: false, error: ERROR_MESSAGES.ENTRY_FEE_RANGE });
    expect(checkCreateForm({ ...filled, entryFee: '0.05', first: 'Belt' }, true, NOW)).toEqual({ ok: false, error: ERROR_MESSAGES.PAID_TOURNAMENT_PRIZES });
    const paid = checkCreateForm({ ...filled, entryFee: ' 0.05 SOL ' }, true, NOW);
    expect(paid).toMatchObject({ ok: true, body: { entryFee: '0.05 SOL', prizes: { first: '', second: '', third: '' } } });
  });
});

describe('local date and time', () => {
  it('reads a datetime-local value as local time, seconds included', () => {
    expect(localDateTimeToIso('2026-05-02T18:30')).toBe(new Date(2026, 4, 2, 18, 30).toISOString());
    expect(localDateTimeToIso('2026-05-02T18:30:15')).toBe(new Date(2026, 4, 2, 18, 30, 15).toISOString());
    expect(localDateTimeToIso('tomorrow')).toBeNull();
    expect(toLocalDateTime(new Date(2026, 0, 9, 7, 5, 59).getTime())).toBe('2026-01-09T07:05');
  });
});
