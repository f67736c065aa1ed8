// Playing a bracket: a tournament starts at its start date; each ready match is called as a
// reserved duel (private invite code, pushed to both players); results and no-shows advance
// the bracket; the last one completes the tournament with its placings.
//
// Every change is one database unit under the tournament's row lock, and a call is closed
// (open -> played | forfeit | draw) by a conditional update in the same unit as the bracket
// update: a duel's result and a no-show racing on one match count once. A player is called to
// one duel at a time per tournament. An elimination duel that ends in a draw is called again;
// a round robin records the draw. A player not in the duel at the deadline forfeits; when
// neither showed, opponent2 (the lower slot) forfeits, so opponent1 goes through.
//
// Money (paid tournaments): the prize pool is fixed as the tournament starts; the placings carry
// their shares, written with the completion; the prizes are then paid by the ledger (and a
// cancelled tournament's entries refunded), each exactly once by its key.
import { randomBytes } from 'node:crypto';
import type { TournamentMatchNotice } from '@duel-dojo/protocol';
import { ZERO_LAMPORTS, prizePoolLamports, prizeShares } from '@duel-dojo/rules';
import { MIN_PLAYERS, type MatchResult, type Side, createBracket, isFinished, playableMatches, podium, readBracket, recordResult } from './bracket-engine';
import type {
  Attendance,
  CallOutcome,
  MatchCall,
  MatchHost,
  ParticipantRecord,
  ReservedGameOver,
  TournamentMoney,
  TournamentNotifier,
  TournamentRecord,
  TournamentUnit,
  TournamentsStore,
} from './ports';
import { callNotice } from './tournament-views';

export interface MatchCallsDeps {
  readonly store: TournamentsStore;
  readonly host: MatchHost;
  readonly notifier: TournamentNotifier;
  readonly now: () => number;
  /** How long a called player has to join the duel; default 2 minutes. */
  readonly noShowMs: number;
  readonly newInviteCode?: () => string;
  /** Prizes and entry refunds; absent without a chain (no paid tournament exists then). */
  readonly money?: TournamentMoney | undefined;
  readonly report: (error: unknown, message: string) => void;
}

export const DEFAULT_NO_SHOW_MS = 2 * 60_000;

interface Decision {
  readonly outcome: CallOutcome;
  readonly result: MatchResult | null;
}

function playersOf(record: TournamentRecord, call: Pick<MatchCall, 'player1Id' | 'player2Id'>): [ParticipantRecord, ParticipantRecord] | null {
  const one = record.participants.find((participant) => participant.userId === call.player1Id);
  const two = record.participants.find((participant) => participant.userId === call.player2Id);
  return one && two ? [one, two] : null;
}

/** Who forfeits when `present` are the wallets that were waiting in the duel. */
export function absentSide(players: readonly [ParticipantRecord, ParticipantRecord], present: readonly string[]): Side {
  const showed = (player: ParticipantRecord) => present.includes(player.walletAddress);
  return !showed(players[0]) && showed(players[1]) ? 'opponent1' : 'opponent2';
}

export function createMatchCalls(deps: MatchCallsDeps) {
  const { store, host } = deps;
  const newInviteCode = deps.newInviteCode ?? (() => randomBytes(9).toString('base64url'));
  const at = () => new Date(deps.now());

  /** Money work after its unit committed: a failure is reported; the ledger's loop retries it. */
  function settle(work: ((money: TournamentMoney) => Promise<unknown>) | null, what: string): void {
    if (!work || !deps.money) return;
    work(deps.money).catch((error: unknown) => deps.report(error, what));
  }

  /** After a result: the placings (with their prizes) once the last match is decided; true then. */
  async function completeIfFinished(unit: TournamentUnit, record: TournamentRecord): Promise<boolean> {
    const bracket = await readBracket(unit.bracket, record.id);
    if (!bracket || !isFinished(bracket)) return false;
    const podiumIds = await podium(unit.bracket, bracket);
    const pool = record.prizePoolLamports ?? ZERO_LAMPORTS;
    const shares = pool > 0n && podiumIds.length > 0 ? prizeShares(pool, podiumIds.length) : [];
    await unit.complete(record.id, podiumIds.map((userId, index) => ({ place: index + 1, userId, prizeLamports: shares[index] ?? ZERO_LAMPORTS })));
    return true;
  }

  /** Closes the call and applies its result in one unit; false when it was decided already. */
  async function decide(call: MatchCall, sessionId: string | null, plan: (record: TournamentRecord, players: [ParticipantRecord, ParticipantRecord]) => Decision): Promise<boolean> {
    const decided = await store.unit(async (unit) => {
      const record = await unit.lock(call.tournamentId);
      const players = record ? playersOf(record, call) : null;
      if (!record || !players || record.status !== 'active') return null;
      const { outcome, result } = plan(record, players);
      if (!(await unit.closeCall(call.id, outcome, sessionId, at()))) return null;
      let completed = false;
      if (result) {
        await recordResult(unit.bracket, call.matchId, result);
        completed = await completeIfFinished(unit, record);
      }
      return { completed, paid: record.entryFeeLamports > 0n };
    });
    if (decided?.completed && decided.paid) settle((money) => money.payPrizes(call.tournamentId), `tournament ${call.tournamentId}: prizes`);
    return decided !== null;
  }

  function announce(record: TournamentRecord, call: MatchCall): void {
    const players = playersOf(record, call);
    if (!players) return;
    const [one, two] = players;
    const [toOne, toTwo] = [callNotice(record, call, two), callNotice(record, call, one)];
    const shown = ({ inviteCode: _code, ...match }: typeof toOne) => match;
    host.reserve({ key: call.id, inviteCode: call.inviteCode, wallets: [one.walletAddress, two.walletAddress], matches: { [one.walletAddress]: shown(toOne), [two.walletAddress]: shown(toTwo) } });
    deps.notifier.matchCalled(one.walletAddress, toOne);
    deps.notifier.matchCalled(two.walletAddress, toTwo);
  }

  /** Calls every ready match whose players are not called elsewhere in this tournament. */
  async function callReady(id: string): Promise<void> {
    const made = await store.unit(async (unit) => {
      const record = await unit.lock(id);
      if (!record || record.status !== 'active') return [];
      const bracket = await readBracket(unit.bracket, id);
      if (!bracket) return [];
      const open = await unit.openCalls(id);
      const called = new Set(open.map((call) => call.matchId));
      const busy = new Set(open.flatMap((call) => [call.player1Id, call.player2Id]));
      const calls: MatchCall[] = [];
      for (const match of playableMatches(bracket)) {
        if (called.has(match.matchId) || busy.has(match.player1Id) || busy.has(match.player2Id)) continue;
        busy.add(match.player1Id).add(match.player2Id);
        const deadline = new Date(deps.now() + deps.noShowMs);
        calls.push(await unit.insertCall({ tournamentId: id, ...match, inviteCode: newInviteCode(), deadline }));
      }
      return calls.map((call) => ({ record, call }));
    });
    for (const { record, call } of made) announce(record, call);
  }

  return {
    callReady,

    /** The duels a player is called to and has not joined yet (told again when they connect). */
    async waitingNotices(walletAddress: string): Promise<TournamentMatchNotice[]> {
      const notices: TournamentMatchNotice[] = [];
      for (const call of await store.waitingCallsOf(walletAddress)) {
        const record = await store.findById(call.tournamentId);
        const players = record ? playersOf(record, call) : null;
        if (!record || !players) continue;
        const opponent = players[0].walletAddress === walletAddress ? players[1] : players[0];
        notices.push(callNotice(record, call, opponent));
      }
      return notices;
    },

    /** At the start date: the bracket and the prize pool, or cancelled (entries refunded) with fewer than MIN_PLAYERS. */
    async start(id: string): Promise<void> {
      const outcome = await store.unit(async (unit) => {
        const record = await unit.lock(id);
        if (!record || record.status !== 'upcoming' || record.startDate.getTime() > deps.now()) return null;
        const paid = record.entryFeeLamports > 0n;
        if (record.participants.length < MIN_PLAYERS) {
          await unit.setStatus(id, 'cancelled');
          return { started: false, paid };
        }
        await createBracket(unit.bracket, id, record.format, record.participants.map((participant) => participant.userId));
        if (paid) await unit.fixPrizePool(id, prizePoolLamports(record.entryFeeLamports, record.participants.length));
        await unit.setStatus(id, 'active');
        return { started: true, paid };
      });
      if (outcome?.started) await callReady(id);
      else if (outcome?.paid) settle((money) => money.refundEntries(id), `tournament ${id}: entry refunds`);
    },

    /** A reserved duel's result (the caller runs it in the tournament's queue). */
    async gameOver(call: MatchCall, over: ReservedGameOver): Promise<void> {
      const decided = await decide(call, over.sessionId, (record, [one, two]): Decision => {
        const scores = { opponent1: over.health[one.walletAddress] ?? 0, opponent2: over.health[two.walletAddress] ?? 0 };
        if (over.winnerWallet !== null) {
          return { outcome: 'played', result: { kind: 'win', winner: over.winnerWallet === one.walletAddress ? 'opponent1' : 'opponent2', scores } };
        }
        // Elimination has no draws: the match is called again.
        return record.format === 'round-robin' ? { outcome: 'played', result: { kind: 'draw', scores } } : { outcome: 'draw', result: null };
      });
      if (decided) await callReady(call.tournamentId);
    },

    /** The deadline passed: a duel under way goes on; otherwise whoever was not in it forfeits. */
    async noShow(call: MatchCall): Promise<void> {
      const attendance: Attendance = await host.close(call.id);
      if (attendance.started) {
        await store.clearDeadline(call.id);
        return;
      }
      const decided = await decide(call, null, (_record, players) => ({ outcome: 'forfeit', result: { kind: 'forfeit', absent: absentSide(players, attendance.present) } }));
      if (decided) await callReady(call.tournamentId);
    },
  };
}

export type MatchCalls = ReturnType<typeof createMatchCalls>;
