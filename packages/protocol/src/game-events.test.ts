import { ACTIONS, type Move, type RoundOutcome, type RoundSide as RulesSide, SUDDEN_DEATH_ROUND, resolveRound } from '@duel-dojo/rules';
import { describe, expect, it } from 'vitest';
import { type GameState, type RoundEndWire, gameStateEvent, gameStateWire, roundEndEvent } from './game-events';
import { COMMITMENT_HEX, WALLET_A, WALLET_B } from './test-support/samples';

// What the wire leaves out of roundEnd and gameState, and what a client's parse puts back
// (docs/game-events.md).

/** The round as the server sends it: only what the rules cannot derive, nothing empty. */
function wireOf(outcome: RoundOutcome): RoundEndWire {
  const side = (slot: 'player1' | 'player2') => {
    const { action, prediction, damageTaken, healingReceived } = outcome[slot];
    return { ...(action && { action }), ...(prediction && { prediction }), ...(damageTaken && { damageTaken }), ...(healingReceived && { healingReceived }) };
  };
  const over = outcome.gameOver ? { gameOver: true, winner: outcome.winner } : {};
  return { sessionId: 'g_1', version: 9, round: outcome.round, player1Health: outcome.player1.health, player2Health: outcome.player2.health, ...over, player1: side('player1'), player2: side('player2') };
}

const MOVES: readonly (Move | null)[] = [null, ...ACTIONS.flatMap((action) => ACTIONS.map((prediction) => ({ action, prediction })))];
const fighterSide = (health: number, move: Move | null): RulesSide => ({ fighter: { fightScore: 60, defendScore: 40 }, health, move, factor: 1 });

describe('roundEnd', () => {
  it('reads every derived field as the rules resolved it, for every pair of moves, before and in sudden death', () => {
    for (const round of [1, SUDDEN_DEATH_ROUND, SUDDEN_DEATH_ROUND + 1]) {
      for (const [health1, health2] of [[100, 100], [12, 70], [5, 5]] as const) {
        for (const move1 of MOVES) {
          for (const move2 of MOVES) {
            const outcome = resolveRound({ round, player1: fighterSide(health1, move1), player2: fighterSide(health2, move2) });
            const read = roundEndEvent.parse(wireOf(outcome));
            const { health: _h1, ...player1 } = outcome.player1;
            const { health: _h2, ...player2 } = outcome.player2;
            expect(read).toEqual({
              sessionId: 'g_1',
              version: 9,
              round,
              player1Health: outcome.player1.health,
              player2Health: outcome.player2.health,
              roundWinner: outcome.roundWinner,
              suddenDeath: outcome.suddenDeath,
              gameOver: outcome.gameOver,
              winner: outcome.winner,
              player1,
              player2,
            });
          }
        }
      }
    }
  });

  it('needs the session and the version, and at most a winner the schema knows', () => {
    const wire = wireOf(resolveRound({ round: 1, player1: fighterSide(100, null), player2: fighterSide(100, null) }));
    const { sessionId: _s, ...anonymous } = wire;
    expect(roundEndEvent.safeParse(anonymous).success).toBe(false);
    expect(roundEndEvent.safeParse({ ...wire, winner: 'player3' }).success).toBe(false);
    expect(roundEndEvent.safeParse({ ...wire, player1: { damageTaken: -1 } }).success).toBe(false);
  });
});

const base: GameState = gameStateEvent.parse({
  sessionId: 'g_1',
  version: 1,
  phase: 'waiting',
  round: 0,
  player1: 'sockA',
  playerCharacter: { id: 7, health: 100 },
  betAmount: 'Free!',
  stakeLamports: '0',
  fairness: { commitment: COMMITMENT_HEX },
});

describe('gameState', () => {
  it('reads a field left out as null (or false)', () => {
    expect(base).toMatchObject({
      endTime: null,
      player2: null,
      player1Wallet: null,
      player2Wallet: null,
      player1Name: null,
      player2Name: null,
      opponentCharacter: null,
      vsBot: false,
      gameOver: false,
      winner: null,
      endReason: null,
      inviteCode: null,
      canInvite: false,
      fairness: { commitment: COMMITMENT_HEX, serverSeed: null, clientSeeds: null },
    });
  });

  it('never leaves out the session, the version or the stake', () => {
    for (const key of ['sessionId', 'version', 'phase', 'round', 'player1', 'playerCharacter', 'betAmount', 'stakeLamports', 'fairness'] as const) {
      const { [key]: _dropped, ...rest } = gameStateWire(base);
      expect(gameStateEvent.safeParse(rest).success, key).toBe(false);
    }
  });

  it('sends a state that reads back as itself, and leaves out only its empty fields', () => {
    const states: GameState[] = [
      { ...base, inviteCode: 'inv_1', canInvite: true, rejoinKey: 'k'.repeat(43) },
      { ...base, version: 2, phase: 'round', round: 3, endTime: 1_755_129_620_000, player2: 'sockB', player1Wallet: WALLET_A, player2Wallet: WALLET_B, player1Name: 'Ninja', player2Name: 'Ronin', opponentCharacter: { id: 2, health: 64 }, opponentStatus: { connected: false, since: 1 }, opponentLocked: false, myMove: { action: 'hide', prediction: 'attack' } },
      { ...base, version: 9, phase: 'over', round: 4, player2: 'bot', player2Name: 'Bot', opponentCharacter: { id: 2, health: 0 }, vsBot: true, gameOver: true, winner: 'player1', endReason: 'knockout', fairness: { commitment: COMMITMENT_HEX, serverSeed: 'a'.repeat(64), clientSeeds: { player1: 'seed', player2: '' } } },
    ];
    for (const state of states) {
      const wire = gameStateWire(state);
      expect(gameStateEvent.parse(wire)).toEqual(state);
      const sent = Object.entries(wire).filter(([, value]) => value === null || value === false).map(([key]) => key);
      // A false opponentLocked says something (the move is not in yet): it is sent.
      expect(sent.filter((key) => key !== 'opponentLocked')).toEqual([]);
    }
    expect(JSON.stringify(gameStateWire(base))).not.toMatch(/null|false/);
  });
});
