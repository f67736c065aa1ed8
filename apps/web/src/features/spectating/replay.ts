// A finished duel's replay (docs/spectating.md), round by round from the round log its record
// publishes: step 0 is the start (full health), step n the state after round n.
import type { GameRecord, RoundLogEntry } from '@duel-dojo/protocol';
import { MAX_HEALTH, type Slot, isAction } from '@duel-dojo/rules';
import type { RoundEnd } from './watch-state';

export interface ReplayStep {
  readonly round: number;
  readonly health: Readonly<Record<Slot, number>>;
  /** The round as it was revealed live (its roundEnd); null at the start. */
  readonly end: Pick<RoundEnd, 'round' | 'roundWinner' | 'suddenDeath' | 'player1' | 'player2'> | null;
}

const winnerOf = (text: string): RoundEnd['roundWinner'] => (text === 'player1' || text === 'player2' ? text : 'draw');

function side(logged: RoundLogEntry['player1']): RoundEnd['player1'] {
  return {
    action: isAction(logged.action) ? logged.action : null,
    prediction: isAction(logged.prediction) ? logged.prediction : null,
    predictedRight: logged.predictedRight,
    damageTaken: logged.damageTaken,
    healingReceived: logged.healingReceived,
  };
}

export function replaySteps(record: Pick<GameRecord, 'rounds'>): ReplayStep[] {
  const start: ReplayStep = { round: 0, health: { player1: MAX_HEALTH, player2: MAX_HEALTH }, end: null };
  const rounds = [...record.rounds].sort((a, b) => a.round - b.round);
  return [
    start,
    ...rounds.map((entry) => ({
      round: entry.round,
      health: { player1: entry.player1.health, player2: entry.player2.health },
      end: { round: entry.round, roundWinner: winnerOf(entry.roundWinner), suddenDeath: entry.suddenDeath, player1: side(entry.player1), player2: side(entry.player2) },
    })),
  ];
}

/** The record's winner (a wallet, a slot or "draw") as a slot. */
export function winnerSlot(record: Pick<GameRecord, 'winner' | 'player1Wallet' | 'player2Wallet'>): Slot | 'draw' | null {
  const { winner } = record;
  if (winner === null) return null;
  if (winner === 'draw' || winner === 'player1' || winner === 'player2') return winner;
  if (winner === record.player1Wallet) return 'player1';
  return winner === record.player2Wallet ? 'player2' : null;
}
