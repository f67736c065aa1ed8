// One live game on the timeline of docs/game-events.md: match -> gameState -> intro -> roundStart {round,
// endTime} -> actions until endTime (early close when both acted) -> roundEnd -> results -> next
// round, until rules' playRound says it is over. Every method runs inside the game's serialized
// queue (`run`), so two events of one game never interleave (game-caster.ts numbers what they
// send). A closed round is written behind its events, so another node can resume the game. What
// the game is at any moment, as its views read it, is its board (game-board.ts).
import type { GamePhase } from '@duel-dojo/protocol';
import { type DuelState, type Move, type RoundOutcome, type Slot, playRound, startDuel } from '@duel-dojo/rules';
import { planBotTurn } from './bot-player';
import { GameBoard } from './game-board';
import { TimerSet } from './game-clock';
import { GameCaster } from './game-caster';
import { HitFactors } from './hit-factors';
import { roundLogRow } from './game-over';
import { type GameResult, RoundWriter } from './round-writer';
import { roundEndEvent } from './game-view';
import { type Outcome, ok, refuse } from './outcome';
import { absenceOf, endReasonOf } from './leaving';
import type { RoundLogRow } from './ports';
import { type Seat, fighterOf, isBot, matchedRow, otherSlot } from './seats';
import { SeatPresence } from './seat-presence';
import { SerialQueue } from '../../concurrency/keyed-queue';
import { ResumeWait } from './resume-wait';
import { type NewSession, type SessionDeps, RESUME_VERSION_STEP } from './session-setup';

export class GameSession extends GameBoard {
  /** Its row is written: from now on the lease decides whether this node still runs it. */
  durable = false;
  /** This node is stopping: the game is another node's to run, and takes no more commands here. */
  halted = false;
  /** Resumed, and waiting for its players to come back before the round restarts. */
  private readonly resumeWait: ResumeWait;
  private readonly queue = new SerialQueue();
  protected readonly caster: GameCaster;
  private readonly timers: TimerSet;
  private readonly records: RoundWriter;
  private readonly presence: SeatPresence;
  private readonly factors: HitFactors;

  constructor(
    private readonly deps: SessionDeps,
    init: NewSession,
  ) {
    super(init);
    this.caster = new GameCaster(deps.emitter, this);
    this.timers = new TimerSet(deps.clock);
    // Refused writes come back outside the queue: the game lets go inside it, like any event.
    this.records = new RoundWriter(deps, this, () => this.later(() => this.relinquish()));
    this.presence = new SeatPresence(this, this.caster, () => deps.clock.now());
    this.factors = new HitFactors(init.serverSeed);
    this.resumeWait = new ResumeWait(this.timers, (slot) => this.seats[slot] !== null && !isBot(this.seats[slot]), () => this.later(() => this.playOn()));
  }

  /** Queues a task behind every earlier event of this game. */
  run<T>(task: () => T | Promise<T>): Promise<T> {
    return this.queue.run(task);
  }

  // Everything below runs inside the queue.

  /** Seats the second player and starts the match; false when the game is not waiting any more. */
  async seatSecond(seat: Seat): Promise<boolean> {
    if (this.phase !== 'waiting') return false;
    if (!(await this.deps.store.startGame(this.sessionId, matchedRow(seat), this.liveState(seat), this.fence))) return false;
    this.seats.player2 = seat;
    // The game screen shows no counts: its players' sockets get no more pushes until they wait again.
    for (const taken of [this.seats.player1, seat]) if (!isBot(taken)) this.deps.emitter.unwatchStats(taken.socketId);
    this.presence.start();
    this.duel = startDuel(fighterOf(this.seats.player1), fighterOf(seat));
    this.enter('intro');
    this.caster.broadcastState();
    this.timers.after(this.deps.timings.introMs, () => this.later(() => this.startRound()));
    return true;
  }

  act(slot: Slot, move: Move, at: number, round?: number): Promise<Outcome> | Outcome {
    if (this.phase !== 'round' || this.endTime === null) return refuse('ROUND_CLOSED');
    if (round !== undefined && round !== this.round) return refuse('ROUND_CLOSED');
    if (at > this.endTime) return refuse('ROUND_CLOSED');
    if (this.moves[slot] !== null) return refuse('ACTION_ALREADY_SENT');
    this.moves[slot] = move;
    const seat = this.seats[slot];
    if (seat && !isBot(seat)) {
      this.caster.toSeat(seat, 'actionConfirmed', { sessionId: this.sessionId, version: this.version, round: this.round, ...move });
    }
    // The opponent learns that a move is in, never which (docs/security.md 32).
    const opponent = this.seats[otherSlot(slot)];
    if (opponent && opponent.connected && !isBot(opponent)) this.caster.toSeat(opponent, 'opponentLocked', { sessionId: this.sessionId, version: this.version, round: this.round });
    if (this.moves.player1 !== null && this.moves.player2 !== null) {
      const closing = this.closeRound(this.round);
      if (closing) return closing.then(() => ok());
    }
    return ok();
  }

  /** A player's own seed, once, before round 1 (docs/fairness.md). */
  submitClientSeed(slot: Slot, seed: string): Outcome {
    return this.seeds.submit(slot, seed, this.round > 0 || !this.live || (this.phase !== 'waiting' && this.phase !== 'intro'));
  }

  /** The player gives the game up: the opponent wins at once, stake included (docs/leaving-a-game.md). */
  async resign(slot: Slot): Promise<Outcome> {
    if (!this.active) return refuse('GAME_NOT_RUNNING');
    await this.conclude({ winner: otherSlot(slot), endReason: 'resigned', rounds: this.log.length });
    return ok();
  }

  /**
   * The present player takes the victory over an opponent away for the claim delay or longer. A
   * seat that looks connected but whose socket is gone on every node (its node died) is marked
   * away from now, so the delay still runs in full.
   */
  async claimVictory(slot: Slot): Promise<Outcome> {
    if (!this.active) return refuse('GAME_NOT_RUNNING');
    await this.presence.confirm(otherSlot(slot), this.deps.emitter);
    const check = absenceOf(this.seats[otherSlot(slot)], this.deps.clock.now(), this.deps.timings.claimVictoryAfterMs);
    if (!check.ok) return check;
    await this.conclude({ winner: slot, endReason: 'abandoned', rounds: this.log.length });
    return ok();
  }

  /** Cancels a waiting game (the caller checked who may); the record keeps no battle. */
  async cancel(): Promise<Outcome> {
    if (this.phase !== 'waiting') return refuse('GAME_NOT_CANCELLABLE');
    await this.deps.store.cancelGame(this.sessionId, new Date(this.deps.clock.now()), this.paid ? 'refund_due' : 'none', this.fence);
    this.end('cancelled');
    return ok();
  }

  /** The games row could not be written: the game never existed for anyone. */
  abandon(): void {
    if (this.phase === 'waiting') this.end('cancelled', false);
  }

  /**
   * Takes the game up again from its row (resume.ts replayed `duel` from the round log): a
   * waiting game waits on; a started one is between rounds, and its next round (the one that was
   * running, if any) starts when both players are back, or after RESUME_GRACE_MS without them.
   */
  resume(player2: Seat | null, duel: DuelState | null, log: RoundLogRow[], version: number, present: readonly Slot[]): void {
    this.caster.version = version + RESUME_VERSION_STEP;
    this.durable = true;
    if (!player2 || !duel) return;
    this.seats.player2 = player2;
    this.duel = duel;
    this.log = log;
    this.round = duel.round;
    this.presence.resume(present);
    this.enter('results');
    // Players still connected (to another node) hear the new state now; the others on rejoining.
    this.caster.broadcastState();
    this.resumeWait.begin(present);
  }

  /** Another node holds the game now: stop without a word (it tells the players). */
  relinquish(): void {
    if (!this.live) return;
    this.timers.clear();
    this.records.drop();
    this.phase = 'cancelled';
    this.deps.lost(this);
  }

  /** Points a seat at a (new) socket: a rejoin. Sends it the full state. */
  attach(slot: Slot, socketId: string): void {
    const seat = this.seats[slot];
    if (!seat || isBot(seat)) return;
    seat.socketId = socketId;
    this.presence.set(slot, true);
    this.caster.sendState(slot);
    // The new socket is written down, so a node that takes the game over reaches the player there.
    if (this.durable && this.active) this.later(() => this.persistRound());
    this.resumeWait.back(slot);
  }

  /** The socket went away (or reset): the game goes on; an absent player takes the penalties. */
  detach(socketId: string): Slot | null {
    return this.presence.leave(socketId);
  }

  /** Announces the new waiting game to its creator. */
  announce(): void {
    this.caster.broadcastState();
  }

  /** Stops every timer (server shutdown); the queue finishes what it holds. */
  async halt(): Promise<void> {
    this.halted = true;
    this.timers.clear();
    this.records.stop();
    await this.queue.idle();
  }

  /** The resumed game's players are back (or the grace is over): the round starts again. */
  private playOn(): void {
    if (this.resumeWait.end()) this.startRound();
  }

  private startRound(): void {
    if ((this.phase !== 'intro' && this.phase !== 'results') || !this.duel) return;
    const { roundMs } = this.deps.timings;
    const round = this.duel.round + 1;
    this.round = round;
    this.moves = { player1: null, player2: null };
    this.endTime = this.deps.clock.now() + roundMs;
    this.enter('round');
    // roundStart carries what changed (docs/game-events.md): no gameState per round.
    this.caster.broadcast('roundStart', (version) => ({ sessionId: this.sessionId, version, round, endTime: this.endTime ?? 0 }));
    this.timers.after(roundMs, () => this.later(() => this.closeRound(round)));
    // The seeds are final now; written behind the events, so a node taking the game over uses the same.
    if (round === 1 && this.durable) this.persistRound();
    if (isBot(this.seats.player2)) {
      const turn = planBotTurn(this.duel.log, roundMs, this.deps.random);
      this.timers.after(turn.delayMs, () => this.later(() => this.act('player2', turn.move, this.deps.clock.now(), round)));
    }
  }

  private closeRound(round: number): Promise<void> | undefined {
    if (this.phase !== 'round' || this.round !== round || !this.duel) return;
    const factors = this.factors.round(this.sessionId, round, this.seeds.fixed);
    this.duel = playRound(this.duel, this.moves, factors);
    const outcome = this.duel.log[this.duel.log.length - 1] as RoundOutcome;
    this.log.push(roundLogRow(outcome, factors));
    this.endTime = null;
    if (outcome.gameOver) return this.finish(outcome);
    this.enter('results');
    this.caster.broadcast('roundEnd', (version) => roundEndEvent(this.sessionId, version, outcome));
    this.timers.after(this.deps.timings.resultsMs, () => this.later(() => this.startRound()));
    this.persistRound();
  }

  /** Queued behind the events just sent (write-behind.ts); the game never waits for it. */
  private persistRound(): void {
    this.records.saveRound(this.log, this.liveState());
  }

  private async finish(outcome: RoundOutcome): Promise<void> {
    if (outcome.winner === null) return;
    await this.conclude({ winner: outcome.winner, endReason: endReasonOf(outcome), rounds: outcome.round }, () =>
      this.caster.broadcast('roundEnd', (version) => roundEndEvent(this.sessionId, version, outcome)),
    );
  }

  /**
   * A free game's players hear the result first; its record follows behind (write-behind.ts). A
   * staked game's result is announced once its record was tried: a winner told "you won" can
   * claim at once, and a node dying then cannot make the game be played again (docs/game-events.md).
   */
  private async conclude(result: GameResult, announce?: () => void): Promise<void> {
    if (!this.seats.player2) return;
    this.phase = 'over';
    this.result = result;
    this.endReason = result.endReason;
    if (this.paid) await this.records.finish(result, this.log);
    announce?.();
    this.end('over');
    if (!this.paid) void this.records.finish(result, this.log);
  }

  private end(phase: 'over' | 'cancelled', announce = true): void {
    this.timers.clear();
    this.endTime = null;
    this.enter(phase);
    if (announce) this.caster.broadcastState();
    this.deps.ended(this);
  }

  private enter(phase: GamePhase): void {
    this.phase = phase;
    this.deps.changed();
  }

  /** A timer's work, queued like any event; its failure is reported, never thrown at a timer. */
  private later(task: () => unknown): void {
    this.run(task).catch((error: unknown) => this.deps.report(error, `game ${this.sessionId}: timer task failed`));
  }
}
