// The round log of the games played in this browser, kept so the battle history can replay them
// in Verify: GET /api/games carries the commitment and the seed but not the rounds.
import type { Slot } from '@duel-dojo/rules';
import { STORAGE_PREFIX, readItem, writeItem } from '../storage/local-store';
import type { LoggedRound } from './fairness-check';

export const ROUND_LOG_KEY = `${STORAGE_PREFIX}round-logs`;
/** The newest games kept; older ones fall off. */
export const ROUND_LOGS_KEPT = 50;

export interface StoredRoundLog {
  readonly sessionId: string;
  readonly characters: Readonly<Record<Slot, number>>;
  readonly rounds: readonly LoggedRound[];
}

function readAll(): StoredRoundLog[] {
  try {
    const parsed: unknown = JSON.parse(readItem(ROUND_LOG_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as StoredRoundLog[]) : [];
  } catch {
    return [];
  }
}

const compact = (round: LoggedRound): LoggedRound => ({
  round: round.round,
  player1Health: round.player1Health,
  player2Health: round.player2Health,
  player1: { action: round.player1.action, prediction: round.player1.prediction, damageTaken: round.player1.damageTaken, healingReceived: round.player1.healingReceived },
  player2: { action: round.player2.action, prediction: round.player2.prediction, damageTaken: round.player2.damageTaken, healingReceived: round.player2.healingReceived },
});

export function saveRoundLog(log: StoredRoundLog): void {
  if (log.rounds.length === 0) return;
  const others = readAll().filter((entry) => entry.sessionId !== log.sessionId);
  writeItem(ROUND_LOG_KEY, JSON.stringify([{ ...log, rounds: log.rounds.map(compact) }, ...others].slice(0, ROUND_LOGS_KEPT)));
}

export function loadRoundLog(sessionId: string): StoredRoundLog | null {
  return readAll().find((entry) => entry.sessionId === sessionId) ?? null;
}
