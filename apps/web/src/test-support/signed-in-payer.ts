// A player "payer" already signed in with the wallet "Payer", restored from storage on load, on
// a fake server that holds 1 SOL for them: what the navbar's money panels start from.
import { FakeServer } from './fake-server';
import { storedSession } from './stored-session';

export interface SignedInPayer {
  readonly server: FakeServer;
  readonly own: string;
  readonly unregister: () => void;
}

/** Installs the fake server; the caller unregisters the wallet after the test. */
export async function signedInPayer(): Promise<SignedInPayer> {
  const server = new FakeServer();
  server.install();
  server.lamports = 1_000_000_000n;
  const wallet = await storedSession(server, 'Payer', 'payer');
  return { server, own: wallet.address, unregister: wallet.unregister };
}
