// The whole database schema, one concept per file under tables/. drizzle-kit reads this file
// to generate migrations (drizzle.config.ts); repositories import their tables from here.
export * from './tables/auth';
export * from './tables/brackets';
export * from './tables/counters';
export * from './tables/cursors';
export * from './tables/games';
export * from './tables/ledger';
export * from './tables/marketplace';
export * from './tables/payments';
export * from './tables/tournaments';
export * from './tables/users';
