// "Create New Tournament": every message, the body sent,
// the server's message or "Failed to create tournament", and the list reloaded after.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exactText } from '../../test-support/exact-text';
import { aTournament } from '../../test-support/tournaments';
import { FakeServer } from '../../test-support/fake-server';
import { renderApp } from '../../test-support/render-app';
import { json, refusal, restoreSession, serveList } from '../../test-support/tournament-screens';

let server: FakeServer;
const cleanups: (() => void)[] = [];
beforeEach(() => {
  server = new FakeServer();
  server.install();
  serveList(server, () => []);
});
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

const pad = (value: number) => String(value).padStart(2, '0');
function localInput(ms: number): string {
  const date = new Date(ms);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

async function openModal() {
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Create Tournament' }));
  return screen.findByRole('dialog', { name: 'Create New Tournament' });
}

/** Picks `value` in a select; else replaces the field's text with it (a date-time is pasted whole, as a picker sets it). */
async function fill(dialog: HTMLElement, label: string | RegExp, value: string) {
  const user = userEvent.setup();
  const field = within(dialog).getByLabelText(label);
  if (field instanceof HTMLSelectElement) return void (await user.selectOptions(field, value));
  await user.clear(field);
  if (field.getAttribute('type') === 'datetime-local') await user.paste(value);
  else await user.type(field, value);
}

const submit = (dialog: HTMLElement) => userEvent.setup().click(within(dialog).getByRole('button', { name: 'Create Tournament' }));
const banner = (dialog: HTMLElement) => within(dialog).getByRole('alert');

describe('the Create New Tournament modal', () => {
  it('has its fields, choices and defaults', async () => {
    const wallet = await restoreSession(server);
    cleanups.push(wallet.unregister);
    renderApp('/tournaments');
    await screen.findByRole('button', { name: 'Player menu: kenji' }, { timeout: 15_000 });
    const dialog = await openModal();
    for (const label of [/Tournament name/, /Description/, 'Entry fee', /Start date/, '1st place', '2nd place', '3rd place']) expect(within(dialog).getByLabelText(label)).toBeInTheDocument();
    const size = within(dialog).getByLabelText('Max players') as HTMLSelectElement;
    expect([...size.options].map((option) => option.value)).toEqual(['4', '8', '16', '32']);
    expect(size).toHaveValue('8');
    const format = within(dialog).getByLabelText('Format') as HTMLSelectElement;
    expect([...format.options].map((option) => option.value)).toEqual(['single-elimination', 'double-elimination', 'round-robin']);
    expect(format).toHaveValue('single-elimination');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('tells a visitor without a wallet to connect one before showing the form', async () => {
    const user = userEvent.setup();
    renderApp('/tournaments');
    await user.click(await screen.findByRole('button', { name: 'Create Tournament' }));
    const ask = screen.getByRole('dialog', { name: 'Connect your wallet' });
    expect(within(ask).getByText('Please connect your wallet to create a tournament.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Create New Tournament' })).toBeNull();
    await user.click(within(ask).getByRole('button', { name: 'Connect Wallet' }));
    expect(await screen.findByRole('dialog', { name: 'Connect a Wallet' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Create New Tournament' })).toBeNull();
  });

  it('a click while the saved session is still being restored waits for it: the signed-in host gets the form, not "connect your wallet"', async () => {
    const wallet = await restoreSession(server);
    cleanups.push(wallet.unregister);
    // The session's check is held until the click has happened.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const originalFetch = server.fetch.bind(server);
    server.fetch = async (input, init) => {
      if (new URL(String(input), 'http://localhost').pathname === '/api/auth/validate-token') await held;
      return originalFetch(input, init);
    };
    const user = userEvent.setup();
    renderApp('/tournaments');
    await user.click(await screen.findByRole('button', { name: 'Create Tournament' }, { timeout: 15_000 }));
    expect(screen.queryByRole('dialog', { name: 'Connect your wallet' })).toBeNull();
    release();
    expect(await screen.findByRole('dialog', { name: 'Create New Tournament' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Connect your wallet' })).toBeNull();
  });

  it('says each form message in order', async () => {
    const wallet = await restoreSession(server);
    cleanups.push(wallet.unregister);
    renderApp('/tournaments');
    await screen.findByRole('button', { name: 'Player menu: kenji' }, { timeout: 15_000 });
    const dialog = await openModal();
    await submit(dialog);
    expect(banner(dialog)).toHaveTextContent(exactText('Please fill in all required fields'));
    await fill(dialog, /Tournament name/, 'Friday Fights');
    await submit(dialog);
    expect(banner(dialog)).toHaveTextContent(exactText('Please fill in all required fields'));
    await fill(dialog, /Description/, 'Bring your best');
    await submit(dialog);
    expect(banner(dialog)).toHaveTextContent(exactText('Please select a start date'));
    await fill(dialog, /Start date/, localInput(Date.now() - 3_600_000));
    await submit(dialog);
    expect(banner(dialog)).toHaveTextContent(exactText('Please select a start date in the future'));
    expect(server.calls).not.toContain('POST /api/tournaments');
  });

  it('sends the form with the local start time as ISO, then reloads the list', async () => {
    const wallet = await restoreSession(server);
    cleanups.push(wallet.unregister);
    const created = aTournament({ tournamentId: 'new1', name: 'Friday Fights' });
    let sent: unknown = null;
    let listed: typeof created[] = [];
    serveList(server, () => listed);
    server.overrides.set('POST /api/tournaments', ({ body, headers }) => {
      sent = body;
      expect(headers.get('authorization')).toMatch(/^Bearer token-/);
      listed = [created];
      return json({ success: true, message: 'Tournament created', tournament: created }, 201);
    });
    renderApp('/tournaments');
    await screen.findByRole('button', { name: 'Player menu: kenji' }, { timeout: 15_000 });
    const dialog = await openModal();
    const start = Date.now() + 86_400_000;
    await fill(dialog, /Tournament name/, ' Friday Fights ');
    await fill(dialog, /Description/, 'Bring your best');
    await fill(dialog, 'Entry fee', 'Free');
    await fill(dialog, 'Max players', '16');
    await fill(dialog, /Start date/, localInput(start));
    await fill(dialog, 'Format', 'round-robin');
    await fill(dialog, '1st place', '1 SOL');
    await submit(dialog);
    expect(await screen.findByText('Tournament created: Friday Fights')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toEqual({
      name: 'Friday Fights',
      description: 'Bring your best',
      entryFee: 'Free',
      maxParticipants: 16,
      startDate: new Date(localInput(start)).toISOString(),
      format: 'round-robin',
      prizes: { first: '1 SOL', second: '', third: '' },
    });
    expect(await screen.findByRole('link', { name: 'Friday Fights' })).toBeInTheDocument();
  });

  it('a fee in SOL makes it paid: the prizes are emptied and disabled, the pool explained, the fee checked', async () => {
    const wallet = await restoreSession(server);
    cleanups.push(wallet.unregister);
    let sent: unknown = null;
    server.overrides.set('POST /api/tournaments', ({ body }) => {
      sent = body;
      return json({ success: true, message: 'Tournament created', tournament: aTournament({ name: 'Paid Cup' }) }, 201);
    });
    renderApp('/tournaments');
    await screen.findByRole('button', { name: 'Player menu: kenji' }, { timeout: 15_000 });
    const dialog = await openModal();
    const fee = within(dialog).getByLabelText('Entry fee');
    expect(fee).toHaveAccessibleDescription('Free, or an amount of SOL (e.g. 0.05)');
    const first = within(dialog).getByLabelText('1st place');
    await fill(dialog, /Tournament name/, 'Paid Cup');
    await fill(dialog, /Description/, 'Winner takes most');
    await fill(dialog, /Start date/, localInput(Date.now() + 86_400_000));
    await fill(dialog, '1st place', 'Golden Belt');

    await fill(dialog, 'Entry fee', '0.05');
    expect(first).toHaveValue('');
    expect(within(dialog).getByRole('group', { name: 'Prizes' })).toBeDisabled();
    expect(within(dialog).getByText(/^The prize pool is/)).toHaveTextContent(
      exactText('The prize pool is 97% of the entry fees: 1st 60%, 2nd 30%, 3rd 10%. Full at 8 players: 1st 0.2328 SOL, 2nd 0.1164 SOL, 3rd 0.0388 SOL.'),
    );

    await fill(dialog, 'Entry fee', '10 USDC');
    expect(within(dialog).getByRole('group', { name: 'Prizes' })).toBeEnabled();
    expect(within(dialog).queryByText(/^The prize pool is/)).toBeNull();
    await submit(dialog);
    expect(banner(dialog)).toHaveTextContent(exactText('Entry fee must be Free or an amount of SOL, such as 0.05 SOL'));
    await fill(dialog, 'Entry fee', '0.0001');
    await submit(dialog);
    expect(banner(dialog)).toHaveTextContent(exactText('Entry fee must be from 0.01 to 100 SOL'));
    expect(server.calls).not.toContain('POST /api/tournaments');

    await fill(dialog, 'Entry fee', '0.05 SOL');
    await submit(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toMatchObject({ entryFee: '0.05 SOL', prizes: { first: '', second: '', third: '' } });
  });

  it("shows the server's message, else \"Failed to create tournament\"", async () => {
    const wallet = await restoreSession(server);
    cleanups.push(wallet.unregister);
    server.overrides.set('POST /api/tournaments', () => refusal(400, 'Please select a start date in the future'));
    renderApp('/tournaments');
    await screen.findByRole('button', { name: 'Player menu: kenji' }, { timeout: 15_000 });
    const dialog = await openModal();
    await fill(dialog, /Tournament name/, 'Friday Fights');
    await fill(dialog, /Description/, 'Bring your best');
    await fill(dialog, /Start date/, localInput(Date.now() + 86_400_000));
    await submit(dialog);
    await waitFor(() => expect(banner(dialog)).toHaveTextContent(exactText('Please select a start date in the future')));
    server.overrides.set('POST /api/tournaments', () => new Response('oops', { status: 502 }));
    await submit(dialog);
    await waitFor(() => expect(banner(dialog)).toHaveTextContent(exactText('Failed to create tournament')));
  });
});
