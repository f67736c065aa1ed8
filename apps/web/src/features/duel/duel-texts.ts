// The battle screen's own words, in one place so they stay short and consistent. (Round results
// come from rules' roundResultText; the game-over titles from battle-view.ts.)

/** The followed game lost its connection to the server, or waits for its state after one. */
export const RECONNECTING_TEXT = 'Reconnecting the game…';

/** Added once reconnecting lasts a while: a restart of the server keeps the game. */
export const RECONNECTING_SLOW_TEXT = 'Still trying — your game is kept on the server; it resumes when you are back.';

/** The player's own link to the server, as the battle screen's indicator names it. */
export const LINK_TEXT = { connected: 'Connected', reconnecting: 'Reconnecting…', offline: 'Offline' } as const;
export type LinkState = keyof typeof LINK_TEXT;

/** A move that never reached the server before its round closed. */
export const MISSED_MOVE_TEXT = 'Your move was not confirmed before the round closed: it was missed (no move this round).';

const clock = (ms: number): string => {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** "Opponent disconnected · 0:12" (time since the change), or connected / locked in. */
export function opponentStatusText(presence: { readonly connected: boolean; readonly since: number } | null, lockedIn: boolean, serverNow: number): string | null {
  if (presence && !presence.connected) return `Opponent disconnected · ${clock(serverNow - presence.since)}`;
  if (lockedIn) return 'Opponent locked in';
  return presence ? 'Opponent connected' : null;
}

/** When the victory may be claimed over an absent opponent: now (0) or in how many whole seconds. */
export function claimVictoryIn(presence: { readonly connected: boolean; readonly since: number } | null, serverNow: number, afterMs: number): number | null {
  if (!presence || presence.connected) return null;
  return Math.max(0, Math.ceil((presence.since + afterMs - serverNow) / 1000));
}
