// `npm run ledger:check` (SECURITY.md 27): reconciles the ledger with the chain, with the same
// configuration as the server (environment variables, DATA_DIR / DATABASE_URL). Prints the
// treasury's on-chain balance, the ledger's, the difference in lamports, and any transfer that
// is in one but not the other; exits 1 unless everything matches. It also lists what an operator
// owes by hand (a transfer out that landed with an error, lamports kept from a refused transfer). A second composition root
// beside main.ts: it opens the adapters itself and starts no server, no loop, no airdrop.
import { openChain } from './adapters/chain/open-chain';
import { openDatabase } from './adapters/db/connect';
import { createLedgerStore } from './adapters/db/ledger-store';
import { ConfigError, loadConfig } from './config';
import { createLedger, formatCheck, isBalanced } from './modules/ledger';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const chain = await openChain(config);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const ledger = createLedger({ store: createLedgerStore(database.db), chain, log: quiet });
    const check = await ledger.check();
    for (const line of formatCheck(check)) console.log(line);
    console.log(isBalanced(check) ? 'ledger matches the chain' : 'LEDGER DOES NOT MATCH THE CHAIN');
    process.exitCode = isBalanced(check) ? 0 : 1;
  } finally {
    chain.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  // Configuration and chain problems are one line, as at the server's start.
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
  process.exit(2);
});
