// The rules package's public face: the pure game domain every other package builds on.
export * from './moves';
export * from './combat-constants';
export * from './resolve-round';
export * from './sudden-death';
export * from './round-result-text';
export * from './duel';
export * from './bot';
export * from './timing';
export * from './controls';
export * from './how-to-play';

export * from './lamports';
export * from './decimal';
export * from './stakes';
export * from './payout';
export * from './tournament-prizes';
export * from './roster';
export * from './marketplace';
export * from './characters';
export * from './fairness';
export * from './replay-record';
export * from './progress';
export * from './badges';
export * from './game-views';
export * from './validation';
export * from './display';
