// The whole wire contract as one module of our own, for net/protocol.ts to import on demand.
// Importing the package itself there would not split it: the entry already imports the package
// (for the page addresses), and a module the entry holds is never loaded apart, so zod and every
// schema would ride in the entry.
export * from '@duel-dojo/protocol';
