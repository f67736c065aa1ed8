// The money page against the scripted server: every kind and reason in the player's words, the
// totals, exact lamports on demand, older pages, and the signed-out, empty and failed states.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { explorerTransactionUrl } from '../../features/config/explorer';
import { FakeServer, RPC_URL } from '../../test-support/fake-server';
import { renderApp } from '../../test-support/render-app';
import { json, movement, page, restoreSession, serveMoney, signature } from '../../test-support/money-screen';

// uPlot draws on a canvas that happy-dom does not have; net-chart-loading.test.tsx covers the chart.
vi.mock('./net-chart-canvas', () => ({ default: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));

let server: FakeServer;
let me: string;
let unregister: () => void = () => undefined;

beforeEach(() => {
  server = new FakeServer();
  server.install();
});
afterEach(() => unregister());

async function signIn(): Promise<void> {
  const session = await restoreSession(server);
  me = session.address;
  unregister = session.unregister;
}

const rows = async () => within(await screen.findByRole('list', { name: 'Money movements' }, { timeout: 15_000 })).getAllByRole('listitem');

describe('the money page', () => {
  it('names every kind and reason, with its sign, SOL, status, explorer link, date and what it was for', async () => {
    await signIn();
    const stake = signature(9);
    const movements = [
      movement({ kind: 'giveBack', reason: 'overpaid', direction: 'in', lamports: '5000' }),
      movement({ kind: 'giveBack', reason: 'refusedTransfer', direction: 'in', status: 'retrying' }),
      movement({ kind: 'prize', direction: 'in', lamports: '1800000000', tournamentId: 'T-CUP42' }),
      movement({ kind: 'tournamentEntry', lamports: '50000000', tournamentId: 'T-CUP42' }),
      movement({ kind: 'purchase', lamports: '1800000000', characterId: 10 }),
      movement({ kind: 'refund', reason: 'tournamentCancelled', direction: 'in', lamports: '50000000', tournamentId: 'T-OLD1' }),
      movement({ kind: 'refund', reason: 'draw', direction: 'in', status: 'pending', transactionSignature: null, sessionId: 'game-2' }),
      movement({ kind: 'payout', direction: 'in', lamports: '64666666', status: 'failed', sessionId: 'game-3' }),
      movement({ kind: 'refund', reason: 'cancelledWait', direction: 'in', sessionId: 'game-1', createdAt: '2026-03-01T12:01:00.000Z' }),
      movement({ kind: 'stakePaid', sessionId: 'game-1', transactionSignature: stake }),
    ];
    const asked = serveMoney(server, me, () => json(page(me, movements)));
    renderApp('/money');
    const [overpaid, refused, prize, entry, purchase, cancelledCup, draw, payout, refund, stakePaid] = await rows();

    expect(within(stakePaid!).getByText('Stake paid')).toBeInTheDocument();
    expect(within(stakePaid!).getByText('−0.0333 SOL')).toBeInTheDocument();
    expect(within(stakePaid!).getByText('Confirmed')).toBeInTheDocument();
    expect(within(stakePaid!).getByRole('link', { name: /^View transaction/ })).toHaveAttribute('href', explorerTransactionUrl(stake, 'localnet', RPC_URL));
    expect(within(stakePaid!).getByRole('link', { name: 'Game' })).toHaveAttribute('href', '/my-games');
    expect(stakePaid!.querySelector('time')).toHaveAttribute('datetime', '2026-03-01T12:00:00.000Z');

    expect(within(refund!).getByText('Refund — cancelled wait')).toBeInTheDocument();
    expect(within(refund!).getByText('The game was cancelled before an opponent came.')).toBeInTheDocument();
    expect(within(refund!).getByText('+0.0333 SOL')).toBeInTheDocument();
    expect(within(payout!).getByText('Payout')).toBeInTheDocument();
    expect(within(payout!).getByText('Failed')).toBeInTheDocument();
    expect(within(payout!).getByText(/nothing moved/)).toBeInTheDocument();
    expect(within(draw!).getByText('Refund — draw')).toBeInTheDocument();
    expect(within(draw!).getByText('Pending')).toBeInTheDocument();
    expect(within(draw!).getByText('No transaction yet')).toBeInTheDocument();
    expect(within(draw!).queryByRole('link', { name: /^View transaction/ })).toBeNull();
    expect(within(cancelledCup!).getByText('Refund — tournament cancelled')).toBeInTheDocument();
    expect(within(cancelledCup!).getByRole('link', { name: 'Tournament' })).toHaveAttribute('href', '/tournaments/T-OLD1');
    expect(within(purchase!).getByText('Purchase')).toBeInTheDocument();
    expect(within(purchase!).getByText('−1.8000 SOL')).toBeInTheDocument();
    expect(within(purchase!).getByRole('link', { name: 'Crimson Merc' })).toHaveAttribute('href', '/marketplace');
    expect(within(entry!).getByText('Tournament entry')).toBeInTheDocument();
    expect(within(prize!).getByText('Prize')).toBeInTheDocument();
    expect(within(prize!).getByText('+1.8000 SOL')).toBeInTheDocument();
    expect(within(refused!).getByText('Given back — refused transfer')).toBeInTheDocument();
    expect(within(refused!).getByText('Being retried')).toBeInTheDocument();
    expect(within(overpaid!).getByText('Given back — overpaid')).toBeInTheDocument();
    expect(within(overpaid!).getByText('+<0.0001 SOL')).toBeInTheDocument();

    // Only the wallet's own token reads it.
    expect(server.tokens.get(asked[0]?.authorization?.replace('Bearer ', '') ?? '')).toBe(me);
    expect(asked[0]).toMatchObject({ cursor: null, limit: '20' });
  });

  it('shows the totals, and exact lamports on demand in the totals and every row', async () => {
    await signIn();
    const totals = { inLamports: '33333333', outLamports: '66666666', netLamports: '-33333333' };
    serveMoney(server, me, () => json(page(me, [movement({ kind: 'refund', reason: 'cancelledWait', direction: 'in' }), movement()], { totals })));
    renderApp('/money');
    await rows();
    const summary = screen.getByRole('region', { name: 'Totals' });
    expect(within(summary).getByText('In').parentElement).toHaveTextContent('0.0333 SOL');
    expect(within(summary).getByText('Out').parentElement).toHaveTextContent('0.0666 SOL');
    expect(within(summary).getByText('Net').parentElement).toHaveTextContent('−0.0333 SOL');
    expect(screen.queryByText('66,666,666 lamports')).toBeNull();

    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Show exact lamports' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(within(summary).getByText('0.066666666 SOL')).toBeInTheDocument();
    expect(within(summary).getByText('66,666,666 lamports')).toBeInTheDocument();
    expect(within(summary).getByText('−33,333,333 lamports')).toBeInTheDocument();
    const [refund, stake] = await rows();
    expect(within(refund!).getByText('+0.033333333 SOL')).toBeInTheDocument();
    expect(within(stake!).getByText('−33,333,333 lamports')).toBeInTheDocument();
    await user.click(toggle);
    expect(within(stake!).queryByText('−33,333,333 lamports')).toBeNull();
    // A pointer learns the lamports without the toggle.
    expect(within(stake!).getByText('−0.0333 SOL').parentElement).toHaveAttribute('title', '−33,333,333 lamports');
  });

  it('charts the net of the confirmed movements shown and says so', async () => {
    await signIn();
    const movements = [
      movement({ kind: 'payout', direction: 'in', lamports: '64666666', createdAt: '2026-03-02T12:00:00.000Z' }),
      movement({ kind: 'refund', reason: 'draw', direction: 'in', status: 'pending', transactionSignature: null, createdAt: '2026-03-01T13:00:00.000Z' }),
      movement({ createdAt: '2026-03-01T12:00:00.000Z' }),
    ];
    serveMoney(server, me, () => json(page(me, movements, { nextCursor: '1772366400000.row-1' })));
    renderApp('/money');
    expect(await screen.findByRole('img', { name: 'Net over time: from 0 SOL to +0.0313 SOL over 2 confirmed movements' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText(/Net over time of the 2 confirmed movements shown below/)).toHaveTextContent('Load more to take it further back.');
  });

  it('loads older movements with "Load more" until the last page', async () => {
    await signIn();
    const asked = serveMoney(server, me, (request) =>
      request.cursor === null
        ? json(page(me, [movement({ id: 'newest' })], { nextCursor: '1772366400000.newest' }))
        : json(page(me, [movement({ id: 'older', kind: 'payout', direction: 'in', createdAt: '2026-02-01T12:00:00.000Z' })])),
    );
    renderApp('/money');
    expect(await rows()).toHaveLength(1);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect(await rows()).toHaveLength(2));
    expect(within((await rows())[1]!).getByText('Payout')).toBeInTheDocument();
    expect(asked.map((request) => request.cursor)).toEqual([null, '1772366400000.newest']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says when an older page failed, keeps what is shown, and retries it', async () => {
    await signIn();
    let olderFails = true;
    serveMoney(server, me, (request) => {
      if (request.cursor === null) return json(page(me, [movement({ id: 'newest' })], { nextCursor: '1772366400000.newest' }));
      return olderFails ? json({ success: false, message: 'Invalid cursor' }, 400) : json(page(me, [movement({ id: 'older', kind: 'prize', direction: 'in' })]));
    });
    renderApp('/money');
    await rows();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Older movements could not be loaded')).toBeInTheDocument();
    expect(await rows()).toHaveLength(1);
    olderFails = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(async () => expect(await rows()).toHaveLength(2));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks a visitor to sign in instead of failing, and reads nothing', async () => {
    const asked = serveMoney(server, 'anyone', () => json({}));
    renderApp('/money');
    expect(await screen.findByText(/Sign in with your wallet to see where your money went/, {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Connect Wallet' }));
    expect(await screen.findByRole('dialog', { name: 'Connect a Wallet' })).toBeInTheDocument();
    expect(asked).toEqual([]);
    expect(server.calls.some((call) => call.endsWith('/money'))).toBe(false);
  });

  it('says when no money has moved yet', async () => {
    await signIn();
    serveMoney(server, me, () => json(page(me, [])));
    renderApp('/money');
    expect(await screen.findByText(/No money has moved yet/, {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show exact lamports' })).toBeNull();
    expect(screen.queryByRole('img', { name: /Net over time/ })).toBeNull();
  });

  it('says what failed and loads again on Retry', async () => {
    await signIn();
    let failing = true;
    serveMoney(server, me, () => (failing ? json({ success: false, message: 'Database unavailable' }, 503) : json(page(me, [movement()]))));
    renderApp('/money');
    // A server error is retried twice (1 s, then 2 s) before the message shows.
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(within(alert).getByText('Your money could not be loaded')).toBeInTheDocument();
    expect(within(alert).getByText('Database unavailable')).toBeInTheDocument();
    failing = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(within((await rows())[0]!).getByText('Stake paid')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the way to the money page', () => {
  it('is linked from the balance dropdown', async () => {
    await signIn();
    serveMoney(server, me, () => json(page(me, [movement()])));
    renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Wallet balance/ }, { timeout: 15_000 }));
    await user.click(screen.getByRole('link', { name: 'Money history' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Money history' })).toBeInTheDocument();
    expect(within((await rows())[0]!).getByText('Stake paid')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /^Wallet balance/ })).toBeNull();
  });

  it('is linked from My Games', async () => {
    await signIn();
    renderApp('/my-games');
    const link = await screen.findByRole('link', { name: 'Money history' }, { timeout: 15_000 });
    expect(link).toHaveAttribute('href', '/money');
  });
});
