// `npm run ledger:check` (docs/security.md 27): reconciles the ledger with the chain, with the same
// configuration as the server (environment variables, DATA_DIR / DATABASE_URL). Prints the
// treasury's on-chain balance, the ledger's, the difference in lamports, and any transfer that
// is in one but not the other; exits 1 unless everything matches. It also lists what an operator
// settles by hand (a transfer out that landed with an error) and what is on its way back. First it
// books what reached the treasury since the server's last pass (the treasury intake, book-only:
// it sends nothing; the server gives back). A second composition root beside main.ts: it opens the
// adapters itself and starts no server, no loop, no airdrop.
import { openChain } from './adapters/chain/open-chain';
import { openDatabase } from './adapters/db/connect';
import { createLedgerStore } from './adapters/db/ledger-store';
import { createPaymentsStore } from './adapters/db/payments-store';
import { paymentsChain } from './compose';
import { ConfigError, loadConfig } from './config';
import { createLedger, formatCheck, isBalanced } from './modules/ledger';
import { DEFAULT_CLOCK_SKEW_MS, DEFAULT_EXPIRED_GRACE_MS, createTreasuryIntake } from './modules/payments';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const chain = await openChain(config);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const ledger = createLedger({ store: createLedgerStore(database.db), chain, log: quiet });
    const { fetchTransfer, treasurySignatures, treasury } = paymentsChain(chain);
    const intake = createTreasuryIntake({
      store: createPaymentsStore(database.db),
      ledger,
      fetchTransfer,
      treasurySignatures,
      treasury,
      now: () => new Date(),
      clockSkewMs: DEFAULT_CLOCK_SKEW_MS,
      graceMs: DEFAULT_EXPIRED_GRACE_MS,
      log: quiet,
      bookOnly: true,
    });
    const booked = await intake.watch();
    if (booked.refused + booked.donations > 0) console.log(`booked now          ${booked.refused} refused transfer(s), to be given back by the server; ${booked.donations} donation(s)`);
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
