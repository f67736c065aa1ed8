import { ERROR_MESSAGES, TOURNAMENT_START_DATE_PAST } from '@duel-dojo/protocol';
import { describe, expect, it } from 'vitest';
import { EMPTY_CREATE_FORM, checkCreateForm, localDateTimeToIso, toLocalDateTime } from './create-form';

const NOW = new Date(2026, 4, 1, 12, 0).getTime();
const filled = { ...EMPTY_CREATE_FORM, name: ' Friday Fights ', description: 'Bring your best', startDate: '2026-05-02T18:30' };

describe('checkCreateForm (spec §5 "Tournament creation")', () => {
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

describe('local date and time', () => {
  it('reads a datetime-local value as local time, seconds included', () => {
    expect(localDateTimeToIso('2026-05-02T18:30')).toBe(new Date(2026, 4, 2, 18, 30).toISOString());
    expect(localDateTimeToIso('2026-05-02T18:30:15')).toBe(new Date(2026, 4, 2, 18, 30, 15).toISOString());
    expect(localDateTimeToIso('tomorrow')).toBeNull();
    expect(toLocalDateTime(new Date(2026, 0, 9, 7, 5, 59).getTime())).toBe('2026-01-09T07:05');
  });
});
