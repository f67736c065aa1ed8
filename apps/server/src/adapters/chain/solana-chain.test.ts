// The chain adapter against the local chain (@solana/kit over JSON-RPC and PubSub): the genesis
// check (docs/security.md 10), the treasury key file, a signed transfer sent, confirmed, fetched and
// parsed, found again by the reference key it names, and confirmation racing blockhash expiry
// under an AbortSignal.
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { type TestChain, startTestChain } from '../../test-support/chain';
import { ClusterMismatch, GENESIS_HASHES } from './genesis';
import { openChain } from './open-chain';
import { type SolanaChain, referenceFor } from './solana-chain';
import { TreasuryKeyError, loadTreasury, readKeypairFile } from './treasury-keypair';

describe('the chain adapter on the local chain', () => {
  let chain: TestChain;
  let adapter: SolanaChain;

  beforeAll(async () => {
    chain = await startTestChain();
    adapter = await openChain({ ...testConfig(), ...chain.config }, { pollMs: 40 });
    const rpc = chain.rpc as unknown as { requestAirdrop: (a: string, l: bigint) => { send(): Promise<string> } };
    await chain.waitConfirmed(await rpc.requestAirdrop(adapter.treasury, 10_000_000_000n).send());
  });
  afterAll(async () => {
    adapter?.close();
    await chain?.stop();
  });

  it('SECURITY 10: starts only against the configured cluster, with one line naming the mismatch', async () => {
    expect(await adapter.genesisHash()).toBe(GENESIS_HASHES.localnet);
    const wrong = openChain({ ...testConfig(), ...chain.config, cluster: 'devnet' });
    await expect(wrong).rejects.toBeInstanceOf(ClusterMismatch);
    await expect(wrong).rejects.toThrow(/^SOLANA_RPC_URL \S+ serves genesis \S+, not devnet \(EtWTRABZ\S+\): check SOLANA_CLUSTER and SOLANA_RPC_URL$/);
    await expect(openChain({ ...testConfig(), ...chain.config, rpcUrl: 'http://127.0.0.1:9' })).rejects.toThrow(/^getGenesisHash: /);
  });

  it('keeps the local treasury key in DATA_DIR/treasury.json (mode 600) and requires one on public clusters', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'dd-key-'));
    const first = await loadTreasury({ treasuryKeypair: null, cluster: 'localnet', dataDir });
    const again = await loadTreasury({ treasuryKeypair: null, cluster: 'localnet', dataDir });
    expect(again.address).toBe(first.address);
    const file = join(dataDir, 'treasury.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toHaveLength(64);
    expect((await readKeypairFile(file)).address).toBe(first.address);
    await expect(loadTreasury({ treasuryKeypair: null, cluster: 'mainnet-beta', dataDir })).rejects.toThrow('TREASURY_KEYPAIR is required on mainnet-beta');
    const bad = join(dataDir, 'bad.json');
    await writeFile(bad, '[1,2,3]');
    await expect(readKeypairFile(bad)).rejects.toBeInstanceOf(TreasuryKeyError);
    // A public half that does not belong to the secret half.
    const bytes = JSON.parse(await readFile(file, 'utf8')) as number[];
    bytes[40] = (bytes[40]! + 1) % 256;
    await writeFile(bad, JSON.stringify(bytes));
    await expect(readKeypairFile(bad)).rejects.toThrow(/does not match/);
  });

  it('signs, sends and confirms a treasury transfer, and reads it back parsed in integers', async () => {
    const receiver = await chain.player(0n);
    const signed = await adapter.signTransfer({ destination: receiver.address, lamports: 1_234_567n, reference: 'payout:test' });
    expect(await adapter.signatureState(signed.signature)).toEqual({ kind: 'unknown' });
    await adapter.send(signed.wireTransaction);
    const outcome = await adapter.confirm(signed.signature, signed.lastValidBlockHeight, AbortSignal.timeout(10_000));
    expect(outcome).toEqual({ kind: 'confirmed', err: null });
    // Re-sending the same bytes changes nothing (the chain refuses a duplicate).
    await adapter.send(signed.wireTransaction).catch(() => undefined);
    const landed = await adapter.fetchTransfer(signed.signature);
    expect(landed).toMatchObject({ signature: signed.signature, err: null, fee: 5_000n, systemTransfers: [{ source: adapter.treasury, destination: receiver.address, lamports: 1_234_567n }] });
    expect(landed?.accountKeys).toContain(referenceFor('payout:test'));
    expect(typeof landed?.blockTime).toBe('number');
    const index = landed?.accountKeys.indexOf(receiver.address) ?? -1;
    expect(landed!.postBalances[index]! - landed!.preBalances[index]!).toBe(1_234_567n);
    expect(await chain.balance(receiver.address)).toBe(1_234_567n);
    expect(await adapter.treasurySignatures()).toContain(signed.signature);
    // A reference key is found by the transactions that name it (how an unverified payment is found).
    expect(await adapter.signaturesForAddress(referenceFor('payout:test'))).toEqual([signed.signature]);
    expect(await adapter.signaturesForAddress(referenceFor('named by nothing'))).toEqual([]);
    const all = await adapter.treasurySignatures();
    expect(all.length).toBeGreaterThan(1);
    expect(await adapter.signaturesForAddress(adapter.treasury, { limit: 1 })).toEqual(all.slice(0, 1));
  });

  it('confirmation answers "expired" once the block height passes an unsent transaction, and stops when aborted', async () => {
    const receiver = await chain.player(0n);
    const signed = await adapter.signTransfer({ destination: receiver.address, lamports: 1_000_000n, reference: 'never-sent' });
    const height = await adapter.blockHeight();
    expect(await adapter.confirm(signed.signature, height + 2n, AbortSignal.timeout(10_000))).toEqual({ kind: 'expired' });
    const controller = new AbortController();
    const waiting = adapter.confirm(signed.signature, height + 10_000n, controller.signal);
    controller.abort(new Error('stopped'));
    await expect(waiting).rejects.toThrow('stopped');
    expect(await adapter.fetchTransfer(signed.signature)).toBeNull();
  });
});
