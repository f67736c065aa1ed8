// What a spectator may have received (docs/security.md 32), for the spectating tests.
import type { ServerEventPayload } from '@duel-dojo/protocol';
import { expect } from 'vitest';
import type { GameClient } from './game-server';

/** What only a seat may hear: a spectator never gets these. */
const SEAT_ONLY = ['actionConfirmed', 'opponentLocked', 'opponentStatus', 'activeGameCheck', 'activeGameResult'];

/** Every event the spectator got before round r's roundEnd names no move or prediction of round r. */
export function expectNoMoveBeforeReveal(spectator: GameClient): void {
  let revealed = 0;
  for (const { name, payload, raw } of spectator.received) {
    expect(SEAT_ONLY).not.toContain(name);
    if (name === 'roundEnd') {
      revealed = (payload as ServerEventPayload<'roundEnd'>).round;
      continue;
    }
    const text = JSON.stringify(raw);
    expect(text).not.toMatch(/"(action|prediction|myMove|rejoinKey|opponentLocked|opponentStatus)"/);
    if (name === 'gameState') expect((payload as ServerEventPayload<'gameState'>).round).toBeGreaterThanOrEqual(revealed);
  }
}
