// The paid join: the entry request, the transfer, the join with its retries while the
// server cannot see the payment, and what each failure says and does with the kept payment.
import { ERROR_MESSAGES, type JoinTournamentBody, type TournamentEntryAnswer } from '@duel-dojo/protocol';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../net/http';
import type { PaymentTransfer } from '../wallet/use-pay-transfer';
import { WrongNetworkError, wrongNetworkText } from '../wallet/wrong-network';
import { PENDING_NOTE, type PaidJoinDeps, type PaidJoinStep, finishPaidJoin, runPaidJoin } from './paid-join-flow';
import type { PendingEntry } from './pending-entry';
import { aTournament, paidFields } from '../../test-support/tournaments';

const WALLET = 'So11111111111111111111111111111111111111112';
const TREASURY = '11111111111111111111111111111111';
const REFERENCE = 'SysvarRent111111111111111111111111111111111';
const SIGNATURE = '5'.repeat(88);
const entry: TournamentEntryAnswer = {
  success: true,
  tournamentId: 't1',
  recipientWallet: TREASURY,
  solAmount: '0.05',
  lamports: '50000000',
  paymentId: 'pay-1',
  reference: REFERENCE,
  expiresAt: 1,
};
const joined = { success: true as const, message: 'You have joined the tournament', tournament: aTournament({ ...paidFields(1), isRegistered: true }) };

const refusal = (status: number, code: string, message: string) => new ApiError(message, { status, code, reachedServer: true, serverMessage: message });
const notFound = () => refusal(409, 'PAYMENT_NOT_FOUND', ERROR_MESSAGES.PAYMENT_NOT_FOUND);

function scripted(overrides: Partial<PaidJoinDeps> = {}) {
  let clock = 0;
  const steps: PaidJoinStep[] = [];
  const transfers: PaymentTransfer[] = [];
  const joins: JoinTournamentBody[] = [];
  const stored = new Map<string, PendingEntry>();
  const sleeps: number[] = [];
  const deps: PaidJoinDeps = {
    walletAddress: WALLET,
    requestEntry: async () => entry,
    pay: async (transfer, sent) => {
      transfers.push(transfer);
      sent?.(SIGNATURE);
      return SIGNATURE;
    },
    join: async () => joined,
    step: (step) => steps.push(step),
    save: (pending) => stored.set(pending.tournamentId, pending),
    forget: (tournamentId) => stored.delete(tournamentId),
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
    },
    now: () => clock,
    pollIntervalMs: 1,
    ...overrides,
  };
  // Every join is remembered, whatever the test's own join does.
  const join = deps.join;
  deps.join = (id, body) => {
    joins.push(body);
    return join(id, body);
  };
  return { deps, steps, transfers, joins, stored, sleeps };
}

describe('the paid join', () => {
  it('requests the entry, pays it with its reference, keeps the payment until the join answers, then takes the seat', async () => {
    const saved: PendingEntry[] = [];
    const run = scripted();
    const save = run.deps.save;
    run.deps.save = (pending) => {
      saved.push(pending);
      save(pending);
    };
    const result = await runPaidJoin('t1', run.deps);
    expect(result).toEqual({ ok: true, answer: joined });
    expect(run.steps).toEqual(['requesting', 'signing', 'confirming', 'confirming']);
    expect(run.transfers).toEqual([{ recipientWallet: TREASURY, lamports: 50_000_000n, reference: REFERENCE }]);
    expect(saved).toEqual([{ tournamentId: 't1', walletAddress: WALLET, paymentId: 'pay-1', signature: SIGNATURE }]);
    expect(run.joins.at(-1)).toEqual({ paymentId: 'pay-1', signature: SIGNATURE });
    expect(run.stored.size).toBe(0);
  });

  it('asks again every 2 s while the server cannot see the payment', async () => {
    let attempts = 0;
    const run = scripted({
      join: async () => {
        attempts += 1;
        if (attempts < 3) throw notFound();
        return joined;
      },
    });
    expect((await runPaidJoin('t1', run.deps)).ok).toBe(true);
    expect(run.sleeps).toEqual([2_000, 2_000]);
    expect(run.stored.size).toBe(0);
  });

  it('gives up after 30 s but keeps the payment for Finish Joining', async () => {
    const run = scripted({ join: () => Promise.reject(notFound()) });
    const result = await runPaidJoin('t1', run.deps);
    expect(result).toEqual({ ok: false, message: `${ERROR_MESSAGES.PAYMENT_NOT_FOUND} ${PENDING_NOTE}`, pending: true });
    expect(run.sleeps.reduce((sum, ms) => sum + ms, 0)).toBeLessThanOrEqual(30_000);
    expect(run.sleeps.length).toBeGreaterThanOrEqual(13);
    expect(run.stored.get('t1')).toMatchObject({ paymentId: 'pay-1', signature: SIGNATURE });
  });

  it('keeps the payment when the join gets no answer, and says the network failed', async () => {
    const run = scripted({ join: () => Promise.reject(new ApiError('Failed to fetch', { status: 0, reachedServer: false })) });
    const result = await runPaidJoin('t1', run.deps);
    expect(result).toEqual({ ok: false, message: `${ERROR_MESSAGES.TOURNAMENT_NETWORK_ERROR} ${PENDING_NOTE}`, pending: true });
    expect(run.stored.has('t1')).toBe(true);
  });

  it.each([
    ['full', refusal(409, 'TOURNAMENT_FULL', `${ERROR_MESSAGES.TOURNAMENT_FULL} ${ERROR_MESSAGES.PAYMENT_REFUNDING}`)],
    ['closed', refusal(409, 'TOURNAMENT_CLOSED', `${ERROR_MESSAGES.TOURNAMENT_CLOSED} ${ERROR_MESSAGES.PAYMENT_REFUNDING}`)],
    ['expired', refusal(409, 'PAYMENT_EXPIRED', `${ERROR_MESSAGES.PAYMENT_EXPIRED}. ${ERROR_MESSAGES.PAYMENT_REFUNDING}`)],
  ])('shows the whole message of a join refused after paying (%s): the refund note stays', async (_case, error) => {
    const run = scripted({ join: () => Promise.reject(error) });
    expect(await runPaidJoin('t1', run.deps)).toEqual({ ok: false, message: error.serverMessage, pending: false });
    expect(run.stored.size).toBe(0);
  });

  it.each([
    [refusal(400, 'PAYMENT_INVALID', ERROR_MESSAGES.PAYMENT_INVALID), ERROR_MESSAGES.PAYMENT_INVALID],
    [refusal(400, 'PAYMENT_ALREADY_USED', ERROR_MESSAGES.PAYMENT_ALREADY_USED), ERROR_MESSAGES.PAYMENT_ALREADY_USED],
    [refusal(409, 'TOURNAMENT_ALREADY_REGISTERED', ERROR_MESSAGES.TOURNAMENT_ALREADY_REGISTERED), ERROR_MESSAGES.TOURNAMENT_ALREADY_REGISTERED],
  ])('forgets a payment the server refused for good: %#', async (error, message) => {
    const run = scripted({ join: () => Promise.reject(error) });
    expect(await runPaidJoin('t1', run.deps)).toEqual({ ok: false, message, pending: false });
    expect(run.stored.size).toBe(0);
  });

  it.each([
    [refusal(409, 'TOURNAMENT_CLOSED', ERROR_MESSAGES.TOURNAMENT_CLOSED), ERROR_MESSAGES.TOURNAMENT_CLOSED],
    [refusal(409, 'TOURNAMENT_FULL', 'Tournament is full'), ERROR_MESSAGES.TOURNAMENT_FULL],
    [refusal(400, 'TOURNAMENT_IS_FREE', ERROR_MESSAGES.TOURNAMENT_IS_FREE), ERROR_MESSAGES.TOURNAMENT_IS_FREE],
    [refusal(429, 'RATE_LIMITED', ERROR_MESSAGES.RATE_LIMITED), ERROR_MESSAGES.RATE_LIMITED],
    [new ApiError('Request failed (500)', { status: 500, reachedServer: true }), ERROR_MESSAGES.TOURNAMENT_JOIN_RETRY],
  ])('stops before paying when the entry is refused: %#', async (error, message) => {
    const run = scripted({ requestEntry: () => Promise.reject(error) });
    expect(await runPaidJoin('t1', run.deps)).toEqual({ ok: false, message, pending: false });
    expect(run.transfers).toEqual([]);
    expect(run.joins).toEqual([]);
  });

  it('uses the list fallback when the server says nothing', async () => {
    const run = scripted({ requestEntry: () => Promise.reject(new ApiError('Request failed (502)', { status: 502, reachedServer: true })) });
    expect(await runPaidJoin('t1', run.deps, ERROR_MESSAGES.TOURNAMENT_JOIN_FAILED)).toMatchObject({ message: 'Failed to join tournament' });
  });

  it('keeps the QR code payable after the wallet refused: the join with the payment alone takes the seat a phone paid', async () => {
    const phone = { ...joined, paymentId: 'pay-1', signature: '4'.repeat(88) };
    let asked = 0;
    const run = scripted({
      requestEntry: async () => ({ ...entry, expiresAt: Date.now() + 60_000 }),
      pay: () => Promise.reject(new Error('User rejected the request')),
      join: async () => {
        asked += 1;
        if (asked < 2) throw notFound();
        return phone;
      },
    });
    expect(await runPaidJoin('t1', run.deps)).toEqual({ ok: true, answer: phone });
    expect(run.steps).toEqual(['requesting', 'signing']);
    expect(run.joins).toEqual([{ paymentId: 'pay-1' }, { paymentId: 'pay-1' }]);
    expect(run.stored.size).toBe(0);
  });

  it("a wallet transfer refused as a second payment: the entry was already paid, and the phone's payment holds the seat", async () => {
    const givenBack = `${ERROR_MESSAGES.PAYMENT_INVALID}. ${ERROR_MESSAGES.PAYMENT_REFUNDING}`;
    const phone = { ...joined, paymentId: 'pay-1', signature: '4'.repeat(88) };
    const run = scripted({
      join: async (_id, body) => {
        if (body.signature) throw refusal(400, 'PAYMENT_INVALID', givenBack);
        return phone;
      },
    });
    expect(await runPaidJoin('t1', run.deps)).toEqual({ ok: true, answer: { ...phone, message: `This request is already paid. ${givenBack} ${joined.message}` } });
    expect(run.joins).toEqual([{ paymentId: 'pay-1', signature: SIGNATURE }, { paymentId: 'pay-1' }]);
    expect(run.stored.size).toBe(0);
  });

  it('says the request expired when nothing paid it after the wallet refused, and keeps nothing', async () => {
    const run = scripted({ pay: () => Promise.reject(new Error('User rejected the request')), join: () => Promise.reject(notFound()) });
    expect(await runPaidJoin('t1', run.deps)).toEqual({ ok: false, message: `Failed to join tournament: ${ERROR_MESSAGES.PAYMENT_EXPIRED}`, pending: false });
    expect(run.stored.size).toBe(0);
  });

  it('joins with a transfer sent but not confirmed in the browser: the server decides', async () => {
    const run = scripted({
      pay: async (_transfer, sent) => {
        sent?.(SIGNATURE);
        throw new Error('The transaction was not confirmed in time');
      },
    });
    expect((await runPaidJoin('t1', run.deps)).ok).toBe(true);
  });

  it('does not keep a transfer our cluster never saw, and says the wallet may be on another network', async () => {
    const network = { cluster: 'devnet' as const, rpcUrl: 'https://api.devnet.solana.com' };
    const run = scripted({
      pay: async (_transfer, sent) => {
        sent?.(SIGNATURE);
        throw new WrongNetworkError(network, SIGNATURE, 20_000);
      },
    });
    expect(await runPaidJoin('t1', run.deps)).toEqual({ ok: false, message: `${ERROR_MESSAGES.TOURNAMENT_JOIN_FAILED}: ${wrongNetworkText(network, 20_000)}`, pending: false });
    expect(run.joins).toEqual([]);
    expect(run.stored.size).toBe(0);
  });

  it('finishes a kept payment without paying again', async () => {
    const run = scripted();
    const kept = { tournamentId: 't1', walletAddress: WALLET, paymentId: 'pay-9', signature: SIGNATURE };
    run.stored.set('t1', kept);
    expect(await finishPaidJoin(kept, run.deps)).toEqual({ ok: true, answer: joined });
    expect(run.steps).toEqual(['confirming']);
    expect(run.transfers).toEqual([]);
    expect(run.joins).toEqual([{ paymentId: 'pay-9', signature: SIGNATURE }]);
    expect(run.stored.size).toBe(0);
  });
});
