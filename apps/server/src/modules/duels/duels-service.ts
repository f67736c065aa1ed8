// The duels module's commands, one per socket event of the protocol for the game: the socket layer
// parses a payload, calls one of these and emits what it answers. Game events themselves
// (gameState, roundStart, roundEnd, actionConfirmed) go out through the GameEmitter port. A
// command on one game runs on the node that holds it (game-locator.ts); a player's game is found
// through the shared presence, a guest's by its rejoin key.
import type { GameState } from '@duel-dojo/protocol';
import type { Move } from '@duel-dojo/rules';
import { type DuelsDeps, createDuelsContext } from './duels-context';
import { type CancelAnswer, createLocalGameCalls, isNotHere } from './game-calls';
import { type NodeCalls, callNode, createGameLocator } from './game-locator';
import { DEFAULT_LEASE_TIMINGS, createLeaseKeeper } from './lease-keeper';
import { type InviteAnswer, type InviteInfo, type JoinRequest, createMatchmaker } from './matchmaker';
import { type Outcome, refuse } from './outcome';
import type { PlayerIdentity } from './ports';
import { type RematchRequest, createRematches } from './rematch';
import { type ReservedMatches, createReservedMatches } from './reserved-matches';
import { createSpectating } from './spectating';
import { type GameStats, createStatsFeed } from './stats-feed';

export { CANCELLED_MESSAGE, REFUND_PENDING_MESSAGE, type CancelAnswer } from './game-calls';

export function createDuels(deps: DuelsDeps) {
  let feed: { changed(): void; stop(): void } | null = null;
  let reserved: ReservedMatches | null = null;
  const ctx = createDuelsContext(deps, { changed: () => feed?.changed(), ended: (game) => reserved?.ended(game) });
  const matches = createReservedMatches(ctx);
  reserved = matches;
  // A tournament's reserved duel is known to the leader's memory only: other nodes ask it.
  const nodeCalls: NodeCalls = { joinReserved: (request) => matches.join(request as JoinRequest & { inviteCode: string }) };
  const calls = createGameLocator(createLocalGameCalls(ctx), { nodeId: ctx.nodeId, nodeCalls, ...(deps.bus ? { bus: deps.bus } : {}), ...(deps.leases ? { leases: deps.leases } : {}) });
  const matchmaker = createMatchmaker(ctx, calls);
  const spectating = createSpectating(ctx, calls, deps.finishedGame);
  const rematches = createRematches(ctx, calls);

  /** joinViaInvite: a reserved code here, an ordinary invite anywhere, else a reserved code on the leader. */
  async function joinViaInvite(request: JoinRequest & { inviteCode: string }): Promise<InviteAnswer> {
    if (matches.owns(request.inviteCode)) return matches.join(request);
    const answer = await matchmaker.joinViaInvite(request);
    if (answer.success || answer.code !== 'INVITE_NOT_FOUND' || !deps.bus || !deps.leader) return answer;
    const leader = await deps.leader();
    if (leader === null || leader === ctx.nodeId) return answer;
    return (await callNode(deps.bus, leader, 'joinReserved', [request])) as InviteAnswer;
  }
  /**
   * lookupInvite: a reserved code here is a free tournament duel; anything else is asked of the
   * matchmaker. A reserved code held by the leader reads as not found, and its Join still works.
   */
  async function lookupInvite(inviteCode: string): Promise<InviteInfo> {
    if (matches.owns(inviteCode)) return { inviteCode, found: true, betAmount: 'Free!', inviterName: null };
    return matchmaker.lookupInvite(inviteCode);
  }
  const keeper = deps.leases ? createLeaseKeeper(ctx, deps.leases, { exclusive: deps.exclusive ?? false, timings: { ...DEFAULT_LEASE_TIMINGS, ...deps.leaseTimings } }) : null;

  async function stats(): Promise<GameStats> {
    const activeGames = deps.countActiveGames ? await deps.countActiveGames() : ctx.games.activeCount();
    return { onlinePlayers: await ctx.presence.onlineCount(), activeGames };
  }

  feed = createStatsFeed({
    clock: ctx.clock,
    intervalMs: ctx.timings.statsPushMs,
    read: stats,
    push: (current) => deps.emitter.toStatsWatchers(current),
    report: ctx.report,
  });

  /** The player's live game, on this node or another: its session id. */
  async function gameOf(identity: PlayerIdentity): Promise<string | null> {
    return ctx.games.ofPlayer(identity.key)?.sessionId ?? (await ctx.presence.gameOf(identity.key));
  }

  return {
    joinGame: matchmaker.joinGame,
    /** A tournament duel's private code goes to its reservation (on the leader), any other to the matchmaker. */
    joinViaInvite,
    lookupInvite,
    /** Not in a reserved duel: its absent player loses by the no-show rule, not to a bot (docs/security.md 31). */
    async playWithBot(identity: PlayerIdentity, sessionId: string): Promise<Outcome> {
      const answer = await calls.bot(sessionId, identity);
      return isNotHere(answer) ? refuse('ADD_BOT_FAILED') : answer;
    },

    /** Duels reserved for two wallets (tournament matches); see reserved-matches.ts. */
    reserved: { reserve: matches.reserve, close: matches.close, onGameOver: matches.onGameOver },

    /** {action, prediction}, locked once sent; the server clock decides (`at` = when it arrived). */
    async playerAction(identity: PlayerIdentity, move: Move, round: number | undefined): Promise<Outcome> {
      const at = ctx.clock.now();
      const sessionId = await gameOf(identity);
      const answer = sessionId === null ? null : await calls.act(sessionId, identity, move, round ?? null, at);
      return answer === null || isNotHere(answer) ? refuse('NO_ACTIVE_GAME') : answer;
    },

    /** requestRematch: the same opponent and stake again, after game over (docs/rematch.md). */
    requestRematch: (request: RematchRequest) => rematches.request(request),

    /** submitClientSeed {sessionId, clientSeed}: once per player, before round 1 (docs/fairness.md). */
    async submitClientSeed(identity: PlayerIdentity, sessionId: string, clientSeed: string): Promise<Outcome> {
      const answer = await calls.clientSeed(sessionId, identity, clientSeed);
      return isNotHere(answer) ? refuse('NO_ACTIVE_GAME') : answer;
    },

    /** resign {sessionId}: the player's own running game ends, the opponent winning. */
    async resign(identity: PlayerIdentity, sessionId: string): Promise<Outcome> {
      const answer = await calls.resign(sessionId, identity);
      return isNotHere(answer) ? refuse('NO_ACTIVE_GAME') : answer;
    },

    /** claimVictory {sessionId}: the opponent has been away for the claim delay (docs/leaving-a-game.md). */
    async claimVictory(identity: PlayerIdentity, sessionId: string): Promise<Outcome> {
      const answer = await calls.claimVictory(sessionId, identity);
      return isNotHere(answer) ? refuse('NO_ACTIVE_GAME') : answer;
    },

    /** cancelGame {sessionId}: only the creator, only while it waits for an opponent. */
    async cancelGame(identity: PlayerIdentity, sessionId: string): Promise<Outcome<CancelAnswer>> {
      const answer = await calls.cancel(sessionId, identity);
      return isNotHere(answer) ? refuse('NO_ACTIVE_GAME') : answer;
    },

    /**
     * resetGame: the player leaves the game screen. A waiting game is cancelled (with its refund);
     * a running game goes on without this socket (the player can rejoin until it ends).
     */
    async resetGame(identity: PlayerIdentity, socketId: string): Promise<void> {
      const sessionId = await gameOf(identity);
      if (sessionId !== null) await calls.reset(sessionId, identity, socketId);
    },

    /** checkActiveGame(s): the player's live game, and the socket rejoins it (full state). */
    async rejoin(identity: PlayerIdentity, socketId: string): Promise<GameState | null> {
      const sessionId = await gameOf(identity);
      const answer = sessionId === null ? null : await calls.rejoin(sessionId, identity, socketId);
      return isNotHere(answer) ? null : answer;
    },

    /**
     * checkActiveGame(s) {rejoinKey} from a guest's new connection: the key's seat moves to this
     * socket exactly as a wallet rejoin does (the latest connection takes it). Answers the seat's
     * identity, which the socket then takes on, so its moves reach that seat. A key whose game is
     * over (or unknown) finds nothing.
     */
    async rejoinGuest(rejoinKey: string, socketId: string): Promise<{ identity: PlayerIdentity; state: GameState } | null> {
      const sessionId = ctx.games.ofRejoinKey(rejoinKey)?.sessionId ?? (deps.bus ? await deps.leases?.gameOfRejoinKey(rejoinKey) : null) ?? null;
      const answer = sessionId === null ? null : await calls.rejoinGuest(sessionId, rejoinKey, socketId);
      return isNotHere(answer) ? null : answer;
    },

    async socketConnected(socketId: string): Promise<void> {
      await ctx.presence.socketConnected(socketId);
      feed?.changed();
    },

    /**
     * Not a leave: the game goes on, and its player may come back (a guest with its rejoin key).
     * A guest's waiting game ends, though: a tab that is gone must not be matched with a stranger.
     */
    async socketDisconnected(identity: PlayerIdentity, socketId: string): Promise<void> {
      await ctx.presence.socketDisconnected(socketId);
      feed?.changed();
      const sessionId = await gameOf(identity);
      if (sessionId !== null) await calls.detach(sessionId, identity, socketId);
    },

    /** Spectating (docs/spectating.md): watchGame, unwatchGame, and a watcher's socket going away. */
    watchGame: spectating.watchGame,
    unwatchGame: spectating.unwatchGame,
    spectatorGone: spectating.socketGone,

    stats,
    watchStats: (socketId: string) => deps.emitter.watchStats(socketId),
    /** Resolves once this node's writes of the game are in (a claim or a replay reads the record next). */
    recorded: (sessionId: string) => ctx.writes.recorded(sessionId),
    now: () => ctx.clock.now(),

    /** Takes over the games left by a node that is gone (this one's previous run included), then keeps leases. */
    async start(): Promise<void> {
      await keeper?.start();
    },

    /** Stops every timer and waits for the games' queued work (server shutdown); their leases go, for another node. */
    async stop(): Promise<void> {
      feed?.stop();
      rematches.stop();
      await Promise.all(ctx.games.all().map((game) => game.halt()));
      // The rounds and records still behind their events land before the leases go.
      await ctx.writes.drain();
      await keeper?.stop();
    },
  };
}

export type Duels = ReturnType<typeof createDuels>;
