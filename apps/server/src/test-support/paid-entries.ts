// For the paid tournament tests: the money server (real chain, real ledger) with the tournaments'
// clock in the test's hand, and the client's side of a paid entry — ask for the terms, send a
// real transfer carrying the reference, join with the payment.
import type { TournamentEntryAnswer } from '@duel-dojo/protocol';
import type { Database } from './game-server';
import { type TestChain, transferWithReferences } from './chain';
import { type MoneyHarness, type MoneyPlayer, startMoneyServer } from './money';
import { type Answer, type FakeClock, call } from './tournament-server';

export function startPaidTournamentServer(database: Database, chain: TestChain, clock: FakeClock): Promise<MoneyHarness> {
  return startMoneyServer(database, chain, { compose: { tournaments: { now: clock.now, tickMs: 0, createsPerMinute: 10_000 } } });
}

export const requestEntry = (url: string, token: string, tournamentId: string) => call<TournamentEntryAnswer>(url, 'POST', `/api/tournaments/${tournamentId}/entry`, { token });

export async function entryTerms(url: string, player: MoneyPlayer, tournamentId: string): Promise<TournamentEntryAnswer> {
  const answer = await requestEntry(url, player.token, tournamentId);
  if (answer.status !== 200) throw new Error(`entry answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** The transfer the wallet sends for `terms` (or a tweaked amount). */
export function payEntry(chain: TestChain, player: MoneyPlayer, terms: TournamentEntryAnswer, lamports = BigInt(terms.lamports)): Promise<string> {
  return chain.send(player.signer, [transferWithReferences(player.signer, terms.recipientWallet, lamports, [terms.reference])]);
}

export function joinPaid(url: string, player: MoneyPlayer, tournamentId: string, body: { paymentId?: string; signature?: string; characterId?: number }): Promise<Answer> {
  return call(url, 'PUT', `/api/tournaments/${tournamentId}/join`, { token: player.token, body });
}

/** Terms, transfer and join, as the web app does; answers the join and what was paid. */
export async function buySeat(harness: MoneyHarness, chain: TestChain, player: MoneyPlayer, tournamentId: string, characterId?: number) {
  const terms = await entryTerms(harness.url, player, tournamentId);
  const signature = await payEntry(chain, player, terms);
  const joined = await joinPaid(harness.url, player, tournamentId, { paymentId: terms.paymentId, signature, ...(characterId === undefined ? {} : { characterId }) });
  return { terms, signature, joined };
}
