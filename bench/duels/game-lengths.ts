// How many rounds the load clients' games last, by the rules themselves: random free characters,
// random action and prediction, a player idle in `idleShare` of its rounds, random hit factors.
// The relay ends its games after a number of rounds drawn from this, so it sends the same number
// of game starts and game overs per round as the game server. (Counting the game server's own
// finished games instead would favour short games: a window only sees the games that fit in it.)
import { ACTIONS, FREE_CHARACTERS, type Move, type RoundMoves, playRound, startDuel } from '../../packages/rules/src/index';

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

/** Games by their number of rounds (index = rounds), from `games` simulated games. */
export function simulatedGameLengths(idleShare: number, games = 20_000): number[] {
  const counts: number[] = [];
  const move = (): Move | null => (Math.random() < idleShare ? null : { action: pick(ACTIONS), prediction: pick(ACTIONS) });
  for (let g = 0; g < games; g += 1) {
    let duel = startDuel(pick(FREE_CHARACTERS), pick(FREE_CHARACTERS));
    while (!duel.gameOver) {
      const moves: RoundMoves = { player1: move(), player2: move() };
      duel = playRound(duel, moves, { player1: 0.9 + 0.2 * Math.random(), player2: 0.9 + 0.2 * Math.random() });
    }
    counts[duel.round] = (counts[duel.round] ?? 0) + 1;
  }
  return Array.from(counts, (value) => value ?? 0);
}

export function meanRounds(counts: readonly number[]): number {
  const games = counts.reduce((sum, n) => sum + n, 0);
  return counts.reduce((sum, n, rounds) => sum + n * rounds, 0) / Math.max(1, games);
}
