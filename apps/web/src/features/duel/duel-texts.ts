// The battle screen's own words, in one place so they stay short and consistent. (Round results
// come from rules' roundResultText; the game-over titles from battle-view.ts.)

/** The followed game lost its connection to the server, or waits for its state after one. */
export const RECONNECTING_TEXT = 'Reconnecting the game…';

/** Added once reconnecting lasts a while: a restart of the server keeps the game. */
export const RECONNECTING_SLOW_TEXT = 'Still trying — your game is kept on the server; it resumes when you are back.';
