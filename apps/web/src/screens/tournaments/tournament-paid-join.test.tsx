// Paid tournaments in the screens: the fee on the cards and the detail, the fee dialog,
// the progress while the wallet pays and the join is confirmed, the refund note, Finish Joining
// after a failed join or a reload, and the navbar balance after paying. The wallet's transfer is
// scripted (no chain here); everything else is the real app against the fake server.
import { ERROR_MESSAGES, type Tournament } from '@duel-dojo/protocol';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exactText } from '../../test-support/exact-text';
import { aDetail, aPaidTournament, aParticipant, paidFields } from '../../test-support/tournaments';
import { sendSol } from '../../features/wallet/transfer';
import { FakeServer } from '../../test-support/fake-server';
import { renderApp } from '../../test-support/render-app';
import { KENJI_ID, json, restoreSession, serveDetail, serveList } from '../../test-support/tournament-screens';

vi.mock('../../features/wallet/transfer', () => ({ sendSol: vi.fn() }));

const TREASURY = '11111111111111111111111111111111';
const REFERENCE = 'SysvarRent111111111111111111111111111111111';
const SIGNATURE = '4'.repeat(88);
const FEE = 50_000_000n;
const entryAnswer = { success: true, tournamentId: 't1', recipientWallet: TREASURY, solAmount: '0.05', lamports: '50000000', paymentId: 'pay-1', reference: REFERENCE, expiresAt: Date.now() + 600_000 };

let server: FakeServer;
const cleanups: (() => void)[] = [];
let transfers: { to: string; lamports: bigint; reference?: string | null }[] = [];
/** Resolves the wallet's approval; the transfer waits for it. */
let approve: () => void = () => {};

beforeEach(() => {
  server = new FakeServer();
  server.install();
  server.lamports = 2_000_000_000n;
  transfers = [];
  vi.mocked(sendSol).mockImplementation(async (_wallet, _rpc, _cluster, request, onStage = () => {}) => {
    onStage('signing');
    await new Promise<void>((resolve) => (approve = resolve));
    transfers.push(request);
    server.lamports -= request.lamports + 5_000n;
    onStage('confirming', SIGNATURE);
    return SIGNATURE;
  });
});
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

async function signIn() {
  const wallet = await restoreSession(server);
  cleanups.push(wallet.unregister);
  return wallet;
}

/** POST …/entry answers the payment request; PUT …/join runs `join` with the body it got. */
function servePaidJoin(join: (body: unknown) => Response) {
  const joins: unknown[] = [];
  server.overrides.set('POST /api/tournaments/t1/entry', ({ headers }) => {
    expect(headers.get('authorization')).toMatch(/^Bearer token-/);
    return json(entryAnswer);
  });
  server.overrides.set('PUT /api/tournaments/t1/join', ({ body }) => {
    joins.push(body);
    return join(body);
  });
  return joins;
}

const refused = (status: number, code: string, message: string) => json({ success: false, code, message }, status);
const card = (name: string) => screen.getByRole('link', { name }).closest('li') as HTMLElement;

describe('a paid tournament on the list', () => {
  it('shows its fee, prize amounts and growing pool; Join asks to confirm the fee, then pays and joins', async () => {
    await signIn();
    let tournament: Tournament = aPaidTournament(2, { maxParticipants: 4 });
    serveList(server, () => [tournament]);
    const joins = servePaidJoin(() => {
      tournament = { ...tournament, ...paidFields(3), isRegistered: true };
      return json({ success: true, message: 'You have joined the tournament', tournament });
    });
    renderApp('/tournaments');
    await screen.findByRole('button', { name: 'Player menu: kenji' }, { timeout: 15_000 });
    expect(await screen.findByText('2.0000 SOL')).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Paid Cup' });
    const paid = card('Paid Cup');
    expect(within(paid).getByText('0.05 SOL', { selector: 'dd' })).toBeInTheDocument();
    expect(within(within(paid).getByRole('list', { name: 'Prize pool' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1st0.0679 SOL', '2nd0.0291 SOL', '3rdTBD']);
    expect(within(paid).getByText('Pool 0.097 SOL from 2 entries so far: it grows with each entry.')).toBeInTheDocument();

    // Cancel first: nothing is requested.
    const user = userEvent.setup();
    await user.click(within(paid).getByRole('button', { name: 'Join Tournament · 0.05 SOL' }));
    let dialog = screen.getByRole('dialog', { name: 'Pay the entry fee' });
    expect(within(dialog).getByText(/97% of the entry fees: 1st 60%, 2nd 30%, 3rd 10%/)).toBeInTheDocument();
    // What leaves the wallet, the most that can come back, and the refunds.
    expect(within(dialog).getByText('Leaves your wallet').nextElementSibling).toHaveTextContent(/^0\.05 SOL$/);
    expect(within(dialog).getByText('1st prize with 4 players').nextElementSibling).toHaveTextContent(/^0\.1164 SOL$/);
    expect(within(dialog).getByText('Entry 0.05 SOL — the prize pool is 97% of the entry fees: 1st 60%, 2nd 30%, 3rd 10%, paid automatically when the tournament ends. So far: 0.097 SOL.')).toBeInTheDocument();
    expect(within(dialog).getByText('If your seat is refused after paying (full or closed), or the tournament is cancelled for want of players, the fee is refunded to your wallet.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.calls).not.toContain('POST /api/tournaments/t1/entry');

    await user.click(within(paid).getByRole('button', { name: 'Join Tournament · 0.05 SOL' }));
    dialog = screen.getByRole('dialog', { name: 'Pay the entry fee' });
    await user.click(within(dialog).getByRole('button', { name: 'Pay 0.05 SOL & Join' }));
    const progress = await screen.findByRole('dialog', { name: 'Paying the entry fee' });
    expect(await within(progress).findByText('Waiting for wallet…')).toBeInTheDocument();
    expect(within(paid).getByRole('button', { name: 'Waiting for wallet…' })).toBeDisabled();
    approve();
    expect(await screen.findByText('You have joined the tournament: Paid Cup')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(transfers).toEqual([{ to: TREASURY, lamports: FEE, reference: REFERENCE }]);
    expect(joins).toEqual([{ paymentId: 'pay-1', signature: SIGNATURE }]);
    expect(await within(card('Paid Cup')).findByRole('button', { name: 'Registered' })).toBeInTheDocument();
    // The navbar balance is read again after paying.
    expect(await screen.findByText('1.9499 SOL')).toBeInTheDocument();
    expect(window.sessionStorage.length).toBe(0);
  });

  it('asks for a connected wallet before anything is paid', async () => {
    serveList(server, () => [aPaidTournament(0)]);
    renderApp('/tournaments');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Join Tournament · 0.05 SOL' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_MESSAGES.TOURNAMENT_CONNECT_TO_JOIN);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('a paid tournament on the detail', () => {
  async function payOnDetail() {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Join Tournament · 0.05 SOL' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Pay the entry fee' })).getByRole('button', { name: 'Pay 0.05 SOL & Join' }));
    await within(await screen.findByRole('dialog', { name: 'Paying the entry fee' })).findByText('Waiting for wallet…');
    approve();
  }

  it('shows the fee, the pool note and says Confirming payment… while the server looks for the transfer', async () => {
    await signIn();
    let detail = aDetail(paidFields(1));
    serveDetail(server, () => detail);
    let attempts = 0;
    servePaidJoin(() => {
      attempts += 1;
      if (attempts === 1) return refused(409, 'PAYMENT_NOT_FOUND', ERROR_MESSAGES.PAYMENT_NOT_FOUND);
      detail = { ...detail, ...paidFields(2), isRegistered: true, participants: [aParticipant(KENJI_ID, 'kenji')] };
      return json({ success: true, message: 'You have joined the tournament', tournament: detail });
    });
    renderApp('/tournaments/t1');
    await screen.findByRole('button', { name: 'Player menu: kenji' }, { timeout: 15_000 });
    await screen.findByRole('heading', { level: 1, name: 'Friday Night Fights' });
    expect(screen.getByText('Entry fee', { selector: 'dt' }).nextElementSibling).toHaveTextContent(/^0\.05 SOL$/);
    expect(screen.getByText(/The prize pool is 97% of the entry fees/)).toHaveTextContent('Pool 0.0485 SOL from 1 entry so far: it grows with each entry.');
    await payOnDetail();
    expect(await within(screen.getByRole('dialog', { name: 'Paying the entry fee' })).findByText('Confirming payment…')).toBeInTheDocument();
    expect(await screen.findByText('You have joined the tournament', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(attempts).toBe(2);
    expect(await screen.findByRole('button', { name: 'Registered' })).toBeInTheDocument();
  });

  it('shows the whole message with the refund note when the seat is refused after paying', async () => {
    await signIn();
    serveDetail(server, () => aDetail(paidFields(3)));
    const message = `${ERROR_MESSAGES.TOURNAMENT_FULL} ${ERROR_MESSAGES.PAYMENT_REFUNDING}`;
    servePaidJoin(() => refused(409, 'TOURNAMENT_FULL', message));
    renderApp('/tournaments/t1');
    await screen.findByRole('button', { name: 'Player menu: kenji' }, { timeout: 15_000 });
    await payOnDetail();
    expect(await screen.findByRole('alert')).toHaveTextContent(exactText('This tournament is full. The payment is being refunded to your wallet.'));
    expect(screen.queryByRole('button', { name: 'Finish Joining' })).toBeNull();
  });

  it('keeps the QR code payable when the wallet refused, and Cancel ends it with nothing paid', async () => {
    await signIn();
    serveDetail(server, () => aDetail(paidFields(0)));
    servePaidJoin(() => refused(409, 'PAYMENT_NOT_FOUND', ERROR_MESSAGES.PAYMENT_NOT_FOUND));
    vi.mocked(sendSol).mockRejectedValueOnce(new Error('User rejected the request'));
    renderApp('/tournaments/t1');
    await screen.findByRole('button', { name: 'Player menu: kenji' }, { timeout: 15_000 });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Join Tournament · 0.05 SOL' }));
    await user.click(screen.getByRole('button', { name: 'Pay 0.05 SOL & Join' }));
    const progress = await screen.findByRole('dialog', { name: 'Paying the entry fee' });
    const panel = await within(progress).findByRole('region', { name: 'Pay from a phone wallet' });
    expect(within(panel).getByText('Scan with a phone wallet, or pay with your connected wallet')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Open in a wallet app' })).toHaveAttribute(
      'href',
      `solana:${TREASURY}?amount=0.05&reference=${REFERENCE}&label=Duel%20Dojo&message=Entry%20fee%20of%20Friday%20Night%20Fights`,
    );
    expect(await within(panel).findByRole('status')).toHaveTextContent(/^User rejected the request$/);
    expect(within(panel).getByRole('button', { name: 'Pay with connected wallet' })).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(exactText('Failed to join tournament: Payment cancelled: nothing was paid.'));
    expect(transfers).toEqual([]);
  });

  it('takes the seat a phone wallet paid after the wallet prompt was closed', async () => {
    await signIn();
    let detail = aDetail(paidFields(0));
    serveDetail(server, () => detail);
    const joins = servePaidJoin(() => {
      detail = { ...detail, ...paidFields(1), isRegistered: true, participants: [aParticipant(KENJI_ID, 'kenji')] };
      return json({ success: true, message: 'You have joined the tournament', tournament: detail, paymentId: 'pay-1', signature: SIGNATURE });
    });
    vi.mocked(sendSol).mockRejectedValueOnce(new Error('User closed the wallet'));
    renderApp('/tournaments/t1');
    await screen.findByRole('button', { name: 'Player menu: kenji' }, { timeout: 15_000 });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Join Tournament · 0.05 SOL' }));
    await user.click(screen.getByRole('button', { name: 'Pay 0.05 SOL & Join' }));
    expect(await screen.findByText('You have joined the tournament', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(joins).toEqual([{ paymentId: 'pay-1' }]);
    expect(transfers).toEqual([]);
  });

  it('keeps a payment whose join failed, across a reload, and Finish Joining uses it without paying again', async () => {
    await signIn();
    let detail = aDetail(paidFields(1));
    serveDetail(server, () => detail);
    const joins = servePaidJoin(() => {
      throw new TypeError('Failed to fetch');
    });
    const first = renderApp('/tournaments/t1');
    await screen.findByRole('button', { name: 'Player menu: kenji' }, { timeout: 15_000 });
    await payOnDetail();
    expect(await screen.findByRole('alert')).toHaveTextContent(exactText(`${ERROR_MESSAGES.TOURNAMENT_NETWORK_ERROR} Your payment is saved: press Finish Joining to try again.`));
    expect(await screen.findByRole('button', { name: 'Finish Joining' })).toBeInTheDocument();

    // A reload: the payment is still there.
    first.unmount();
    server.overrides.set('PUT /api/tournaments/t1/join', ({ body }) => {
      joins.push(body);
      detail = { ...detail, ...paidFields(2), isRegistered: true };
      return json({ success: true, message: 'You have joined the tournament', tournament: detail });
    });
    renderApp('/tournaments/t1');
    await screen.findByRole('button', { name: 'Player menu: kenji' }, { timeout: 15_000 });
    expect(await screen.findByText(/Your entry fee was sent but your seat is not confirmed yet/)).toBeInTheDocument();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Finish Joining' }));
    expect(await screen.findByText('You have joined the tournament')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Registered' })).toBeInTheDocument();
    expect(joins).toEqual([
      { paymentId: 'pay-1', signature: SIGNATURE },
      { paymentId: 'pay-1', signature: SIGNATURE },
    ]);
    expect(server.calls.filter((call) => call === 'POST /api/tournaments/t1/entry')).toHaveLength(1);
    expect(transfers).toHaveLength(1);
    expect(window.sessionStorage.length).toBe(0);
  });
});
