// Spec §2 "Create New Tournament" and §5 "Tournament creation": every message, the body sent,
// the server's message or "Failed to create tournament", and the list reloaded after.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aTournament } from '../../features/tournaments/tournament-fixtures';
import { FakeServer } from '../../test-support/fake-server';
import { renderApp } from '../../test-support/render-app';
import { json, refusal, restoreSession, serveList } from './tournament-test-kit';

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
  fireEvent.click(await screen.findByRole('button', { name: 'Create Tournament' }));
  return screen.getByRole('dialog', { name: 'Create New Tournament' });
}

function fill(dialog: HTMLElement, label: string | RegExp, value: string) {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
}

const submit = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Create Tournament' }));
const banner = (dialog: HTMLElement) => within(dialog).getByRole('alert').textContent;

describe('the Create New Tournament modal', () => {
  it('has its fields, choices and defaults', async () => {
    const wallet = await restoreSession(server);
    cleanups.push(wallet.unregister);
    renderApp('/tournaments');
    await screen.findByRole('button', { name: 'Player menu: kenji' }, { timeout: 15_000 });
    const dialog = await openModal();
    for (const label of [/Tournament name/, /Description/, 'Entry fee', /Start date/, '1st place', '2nd place', '3rd place']) expect(within(dialog).getByLabelText(label)).toBeTruthy();
    const size = within(dialog).getByLabelText('Max players') as HTMLSelectElement;
    expect([...size.options].map((option) => option.value)).toEqual(['4', '8', '16', '32']);
    expect(size.value).toBe('8');
    const format = within(dialog).getByLabelText('Format') as HTMLSelectElement;
    expect([...format.options].map((option) => option.value)).toEqual(['single-elimination', 'double-elimination', 'round-robin']);
    expect(format.value).toBe('single-elimination');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('tells a visitor without a wallet to connect one before showing the form', async () => {
    renderApp('/tournaments');
    fireEvent.click(await screen.findByRole('button', { name: 'Create Tournament' }));
    const ask = screen.getByRole('dialog', { name: 'Connect your wallet' });
    expect(within(ask).getByText('Please connect your wallet to create a tournament.')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Create New Tournament' })).toBeNull();
    fireEvent.click(within(ask).getByRole('button', { name: 'Connect Wallet' }));
    expect(await screen.findByRole('dialog', { name: 'Connect a Wallet' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Create New Tournament' })).toBeNull();
  });

  it('says each spec §5 message in order', async () => {
    const wallet = await restoreSession(server);
    cleanups.push(wallet.unregister);
    renderApp('/tournaments');
    await screen.findByRole('button', { name: 'Player menu: kenji' }, { timeout: 15_000 });
    const dialog = await openModal();
    submit(dialog);
    expect(banner(dialog)).toBe('Please fill in all required fields');
    fill(dialog, /Tournament name/, 'Friday Fights');
    submit(dialog);
    expect(banner(dialog)).toBe('Please fill in all required fields');
    fill(dialog, /Description/, 'Bring your best');
    submit(dialog);
    expect(banner(dialog)).toBe('Please select a start date');
    fill(dialog, /Start date/, localInput(Date.now() - 3_600_000));
    submit(dialog);
    expect(banner(dialog)).toBe('Please select a start date in the future');
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
    fill(dialog, /Tournament name/, ' Friday Fights ');
    fill(dialog, /Description/, 'Bring your best');
    fill(dialog, 'Entry fee', 'Free');
    fill(dialog, 'Max players', '16');
    fill(dialog, /Start date/, localInput(start));
    fill(dialog, 'Format', 'round-robin');
    fill(dialog, '1st place', '1 SOL');
    submit(dialog);
    expect(await screen.findByText('Tournament created: Friday Fights')).toBeTruthy();
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
    expect(await screen.findByRole('link', { name: 'Friday Fights' })).toBeTruthy();
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
    expect(document.getElementById(fee.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Free, or an amount of SOL (e.g. 0.05)');
    const first = within(dialog).getByLabelText('1st place') as HTMLInputElement;
    fill(dialog, /Tournament name/, 'Paid Cup');
    fill(dialog, /Description/, 'Winner takes most');
    fill(dialog, /Start date/, localInput(Date.now() + 86_400_000));
    fill(dialog, '1st place', 'Golden Belt');

    fill(dialog, 'Entry fee', '0.05');
    expect(first.value).toBe('');
    expect((within(dialog).getByRole('group', { name: 'Prizes' }) as HTMLFieldSetElement).disabled).toBe(true);
    expect(within(dialog).getByText(/^The prize pool is/).textContent).toBe(
      'The prize pool is 97% of the entry fees: 1st 60%, 2nd 30%, 3rd 10%. Full at 8 players: 1st 0.2328 SOL, 2nd 0.1164 SOL, 3rd 0.0388 SOL.',
    );

    fill(dialog, 'Entry fee', '10 USDC');
    expect((within(dialog).getByRole('group', { name: 'Prizes' }) as HTMLFieldSetElement).disabled).toBe(false);
    expect(within(dialog).queryByText(/^The prize pool is/)).toBeNull();
    submit(dialog);
    expect(banner(dialog)).toBe('Entry fee must be Free or an amount of SOL, such as 0.05 SOL');
    fill(dialog, 'Entry fee', '0.0001');
    submit(dialog);
    expect(banner(dialog)).toBe('Entry fee must be from 0.01 to 100 SOL');
    expect(server.calls).not.toContain('POST /api/tournaments');

    fill(dialog, 'Entry fee', '0.05 SOL');
    submit(dialog);
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
    fill(dialog, /Tournament name/, 'Friday Fights');
    fill(dialog, /Description/, 'Bring your best');
    fill(dialog, /Start date/, localInput(Date.now() + 86_400_000));
    submit(dialog);
    await waitFor(() => expect(banner(dialog)).toBe('Please select a start date in the future'));
    server.overrides.set('POST /api/tournaments', () => new Response('oops', { status: 502 }));
    submit(dialog);
    await waitFor(() => expect(banner(dialog)).toBe('Failed to create tournament'));
  });
});
