// Reserved duels (tournament matches): a free game only two given wallets can join,
// with a private invite code the caller chose, through the ordinary joinViaInvite. It is never
// queued by tier, never offers its code to anyone (canInvite false) and never takes the bot
// (docs/security.md 31: an absent player loses by the caller's forfeit rule). The first of the two to
// join creates the waiting game; the second starts it; it then runs like any game. The one
// of the two who is in it already and joins again (a reload, another tab) is put back in it; it
// cannot be cancelled by its players (cancelGame, resetGame): waiting in it is showing up.
// `close` is the caller's no-show deadline; `onGameOver` hears the result of every one played.
import type { TournamentMatchInfo } from '@duel-dojo/protocol';
import { ZERO_LAMPORTS, isFreeCharacter, isMarketplaceCharacter } from '@duel-dojo/rules';
import type { DuelsPorts, DuelsSources, NodeGames } from './duels-context';
import type { GameSession } from './game-session';
import { type InviteAnswer, type JoinRequest, JOINED_MESSAGE } from './matchmaker';
import { type Outcome, ok, refuse } from './outcome';
import { writeNewGame } from './new-game-row';
import { playerSeat } from './seats';

export interface ReservedGameOver {
  /** The caller's key of the reservation. */
  readonly key: string;
  readonly sessionId: string;
  /** null: a draw. */
  readonly winnerWallet: string | null;
  /** Each wallet's health at the end. */
  readonly health: Readonly<Record<string, number>>;
}

/** At the deadline: the duel started (its result will come), or who was waiting in it. */
export type Attendance = { readonly started: true } | { readonly started: false; readonly present: readonly string[] };

interface Reservation {
  readonly key: string;
  readonly inviteCode: string;
  readonly wallets: readonly [string, string];
  /** The call as each wallet's gameState shows it (game-view.ts `tournament`). */
  readonly matches: Readonly<Record<string, TournamentMatchInfo>>;
  game: GameSession | null;
}

const FREE = 'Free!';

/** What reservations use of the module's context (duels-context.ts). */
export type ReservedMatchesDeps = Pick<DuelsPorts, 'store' | 'presence'> & Pick<NodeGames, 'games' | 'tiers' | 'newSession'> & Pick<DuelsSources, 'newSessionId' | 'newSeed'>;

export function createReservedMatches(ctx: ReservedMatchesDeps) {
  const byCode = new Map<string, Reservation>();
  const byKey = new Map<string, Reservation>();
  const bySession = new Map<string, Reservation>();
  const listeners: ((result: ReservedGameOver) => void)[] = [];
  const queueOf = (reservation: Reservation) => `reserved:${reservation.key}`;

  const answer = (outcome: Outcome): InviteAnswer =>
    outcome.ok
      ? { success: true, message: JOINED_MESSAGE, requiresPayment: false, betAmount: FREE }
      : { success: false, message: outcome.message, code: outcome.code, requiresPayment: false, betAmount: outcome.code === 'INVITE_NOT_FOUND' ? null : FREE };

  async function canUse(request: JoinRequest): Promise<boolean> {
    const { identity, selectedCharacter } = request;
    if (isFreeCharacter(selectedCharacter)) return true;
    return isMarketplaceCharacter(selectedCharacter) && identity.userId !== null && ctx.store.ownsCharacter(identity.userId, selectedCharacter);
  }

  /** The first player in: a new waiting game under a fresh session id, its row written first. */
  async function create(reservation: Reservation, request: JoinRequest, sessionId: string): Promise<void> {
    const { identity, selectedCharacter, socketId } = request;
    const game = ctx.newSession({
      sessionId,
      betAmount: FREE,
      paid: false,
      inviteCode: null,
      serverSeed: ctx.newSeed(),
      creator: playerSeat('player1', identity, selectedCharacter, ZERO_LAMPORTS, socketId),
      reserved: true,
      tournament: reservation.matches,
    });
    ctx.games.add(game);
    reservation.game = game;
    bySession.set(sessionId, reservation);
    await writeNewGame(game, ctx.store);
  }

  /**
   * One of the two following the call again (another tab, a reload, "Fight now" once more): this
   * socket takes their seat back, and the full state goes to it, as a rejoin.
   */
  async function rejoin(game: GameSession, request: JoinRequest): Promise<Outcome> {
    const slot = game.slotOf(request.identity.key);
    const back = await game.run(() => {
      if (!slot || !game.live) return false;
      game.attach(slot, request.socketId);
      return true;
    });
    return back ? ok() : refuse('INVITE_NOT_FOUND');
  }

  async function seat(reservation: Reservation, request: JoinRequest): Promise<Outcome> {
    const existing = reservation.game;
    if (existing?.slotOf(request.identity.key)) return rejoin(existing, request);
    if (existing && existing.phase !== 'waiting') return refuse('INVITE_NOT_FOUND');
    const sessionId = existing ? existing.sessionId : ctx.newSessionId();
    if (!(await ctx.presence.claimPlayer(request.identity.key, sessionId, null))) return refuse('ALREADY_IN_GAME');
    try {
      if (!existing) {
        await create(reservation, request, sessionId);
        return ok();
      }
      const second = playerSeat('player2', request.identity, request.selectedCharacter, ZERO_LAMPORTS, request.socketId);
      if (await existing.run(() => existing.seatSecond(second))) {
        ctx.games.seat(existing);
        return ok();
      }
    } catch (error) {
      await ctx.presence.releasePlayer(request.identity.key, sessionId);
      throw error;
    }
    await ctx.presence.releasePlayer(request.identity.key, sessionId);
    return refuse('INVITE_NOT_FOUND');
  }

  return {
    /** A duel only these two wallets can join, with joinViaInvite {inviteCode}. */
    reserve(request: { key: string; inviteCode: string; wallets: readonly [string, string]; matches?: Readonly<Record<string, TournamentMatchInfo>> }): void {
      const reservation: Reservation = { matches: {}, ...request, game: null };
      byCode.set(request.inviteCode, reservation);
      byKey.set(request.key, reservation);
    },

    owns: (inviteCode: string): boolean => byCode.has(inviteCode),

    /** A game played for a reservation: its seats are its two wallets', never the bot's (docs/security.md 31). */
    holds: (sessionId: string): boolean => bySession.has(sessionId),

    /** joinViaInvite for a reserved code: only its two wallets, each once. */
    async join(request: JoinRequest & { inviteCode: string }): Promise<InviteAnswer> {
      const reservation = byCode.get(request.inviteCode);
      const wallet = request.identity.wallet;
      if (!reservation || !wallet || !reservation.wallets.includes(wallet)) return answer(refuse('INVITE_NOT_FOUND'));
      if (!(await canUse(request))) return answer(refuse('CHARACTER_NOT_OWNED'));
      return answer(await ctx.tiers.run(queueOf(reservation), () => (byKey.get(reservation.key) === reservation ? seat(reservation, request) : refuse('INVITE_NOT_FOUND'))));
    },

    /** The no-show deadline: a waiting game is cancelled; the reservation ends unless its duel runs. */
    async close(key: string): Promise<Attendance> {
      const reservation = byKey.get(key);
      // Unknown: its duel was played and reported already.
      if (!reservation) return { started: true };
      return ctx.tiers.run(queueOf(reservation), async (): Promise<Attendance> => {
        const game = reservation.game;
        if (game && game.phase !== 'waiting' && game.phase !== 'cancelled') return { started: true };
        const present = game?.phase === 'waiting' ? [game.seats.player1.identity?.wallet ?? ''] : [];
        byKey.delete(key);
        byCode.delete(reservation.inviteCode);
        if (game?.phase === 'waiting') await game.run(() => game.cancel());
        return { started: false, present };
      });
    },

    onGameOver(listener: (result: ReservedGameOver) => void): void {
      listeners.push(listener);
    },

    /** Every game's end (the context's hook): reports a reserved one played to its end. */
    ended(game: GameSession): void {
      const reservation = bySession.get(game.sessionId);
      if (!reservation) return;
      bySession.delete(game.sessionId);
      if (reservation.game === game) reservation.game = null;
      if (game.phase !== 'over' || !game.seats.player2 || game.winner === null) return;
      byKey.delete(reservation.key);
      byCode.delete(reservation.inviteCode);
      const walletOf = (slot: 'player1' | 'player2') => game.seats[slot]?.identity?.wallet ?? slot;
      const result: ReservedGameOver = {
        key: reservation.key,
        sessionId: game.sessionId,
        winnerWallet: game.winner === 'draw' ? null : walletOf(game.winner),
        health: { [walletOf('player1')]: game.health.player1, [walletOf('player2')]: game.health.player2 },
      };
      for (const listener of listeners) listener(result);
    },
  };
}

export type ReservedMatches = ReturnType<typeof createReservedMatches>;
