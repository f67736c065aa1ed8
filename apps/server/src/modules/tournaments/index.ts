// The tournaments module: community tournaments that are
// played — a brackets-manager bracket on our database, each match a reserved duel.
export * from './ports';
export { type Caller, CREATED_MESSAGE, JOINED_MESSAGE } from './registration';
export { MIN_PLAYERS, stageInput } from './bracket-engine';
export { DEFAULT_NO_SHOW_MS } from './match-calls';
export { type Tournaments, type TournamentsDeps, DEFAULT_TICK_MS, createTournaments } from './tournaments-service';
