// The duels module: matchmaking, live games (one serialized queue per game, server clock,
// rounds, rejoin), and their records and stats.
export * from './records-port';
export { BOT_PLAYER_ID, createGameRecords, gameRecordView } from './game-records';
export type { GameRecords } from './game-records';

export * from './ports';
export * from './realtime-ports';
export type { DuelsDeps } from './duels-context';
export { type CancelAnswer, type Duels, CANCELLED_MESSAGE, REFUND_PENDING_MESSAGE, createDuels } from './duels-service';
export { type GameClock, type GameTimings, DEFAULT_GAME_TIMINGS, systemClock } from './game-clock';
export { type InviteAnswer, type InviteInfo, type JoinGameRequest, type JoinRequest, BOT_ADDED_MESSAGE, JOINED_MESSAGE } from './matchmaker';
export type { Outcome, Refused } from './outcome';
export type { GameStats } from './stats-feed';
export { applyMatch, type MatchOutcome } from './player-stats';
export { BOT_NAME, BOT_SOCKET_ID } from './seats';
export type { GameLeasesStore, InterruptedGames, ResumableGame, SettledGame } from './recovery';
export { DEFAULT_LEASE_TIMINGS, type LeaseTimings } from './lease-keeper';
export type { Fence, LiveState } from './live-state';
