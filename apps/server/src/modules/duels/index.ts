// The duels module: matchmaking, live games and their records. So far: the records.
export * from './records-port';
export { BOT_PLAYER_ID, createGameRecords, gameRecordView } from './game-records';
export type { GameRecords } from './game-records';
