// The games this node runs, by session id, by player and by a guest's rejoin key: where an event
// finds its game. A game leaves every index when it ends, so an old rejoin key finds nothing.
import type { GameSession } from './game-session';

export class GameRegistry {
  private readonly bySession = new Map<string, GameSession>();
  private readonly byPlayer = new Map<string, GameSession>();
  private readonly byRejoinKey = new Map<string, GameSession>();

  add(game: GameSession): void {
    this.bySession.set(game.sessionId, game);
    this.seat(game);
  }

  /** Indexes the game's players (call again when the second seat is filled). */
  seat(game: GameSession): void {
    for (const seat of [game.seats.player1, game.seats.player2]) {
      if (seat?.identity) this.byPlayer.set(seat.identity.key, game);
      if (seat?.rejoinKey) this.byRejoinKey.set(seat.rejoinKey, game);
    }
  }

  remove(game: GameSession): void {
    if (this.bySession.get(game.sessionId) === game) this.bySession.delete(game.sessionId);
    for (const seat of [game.seats.player1, game.seats.player2]) {
      const key = seat?.identity?.key;
      if (key && this.byPlayer.get(key) === game) this.byPlayer.delete(key);
      if (seat?.rejoinKey) this.byRejoinKey.delete(seat.rejoinKey);
    }
  }

  get(sessionId: string): GameSession | undefined {
    return this.bySession.get(sessionId);
  }

  /** The player's live game on this node. */
  ofPlayer(playerKey: string): GameSession | undefined {
    const game = this.byPlayer.get(playerKey);
    return game?.live ? game : undefined;
  }

  /** The live game holding the seat of this guest rejoin key on this node. */
  ofRejoinKey(rejoinKey: string): GameSession | undefined {
    const game = this.byRejoinKey.get(rejoinKey);
    return game?.live ? game : undefined;
  }

  /** Games with two players that are not over. */
  activeCount(): number {
    let count = 0;
    for (const game of this.bySession.values()) if (game.active) count += 1;
    return count;
  }

  all(): GameSession[] {
    return [...this.bySession.values()];
  }
}
