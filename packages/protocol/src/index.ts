// @duel-dojo/protocol: the wire contract shared by the server and the web app.
export * from './limits';
export * from './base58';
export * from './errors';
export * from './primitives';
export * from './fairness';
export * from './user-stats';
export * from './auth';
export * from './players';
export * from './game-records';
export * from './leaderboard';
export * from './tournaments';
export * from './socket-client-events';
export * from './socket-server-events';
export * from './socket-events';
export * from './config';
export * from './ledger';
export * from './marketplace';
