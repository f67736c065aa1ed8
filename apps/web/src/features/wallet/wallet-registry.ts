// Wallet Standard discovery: Phantom, Solflare, Backpack and our dev wallet register themselves
// with the page's registry; this lists the ones that can sign in to a Solana app.
import { getWallets } from '@wallet-standard/app';
import type { Wallet } from '@wallet-standard/base';
import { useSyncExternalStore } from 'react';

const CONNECT = 'standard:connect';

/** A wallet the app can use: it connects and speaks at least one Solana chain. */
export function isSolanaWallet(wallet: Wallet): boolean {
  return CONNECT in wallet.features && wallet.chains.some((chain) => chain.startsWith('solana:'));
}

function registry() {
  return getWallets();
}

let snapshot: readonly Wallet[] = [];
function refresh(): readonly Wallet[] {
  snapshot = registry().get().filter(isSolanaWallet);
  return snapshot;
}

function subscribe(onChange: () => void): () => void {
  const offRegister = registry().on('register', () => {
    refresh();
    onChange();
  });
  const offUnregister = registry().on('unregister', () => {
    refresh();
    onChange();
  });
  return () => {
    offRegister();
    offUnregister();
  };
}

function getSnapshot(): readonly Wallet[] {
  // Cheap, and stable while nothing changes: the same array until a wallet registers.
  const current = registry().get().filter(isSolanaWallet);
  if (current.length !== snapshot.length || current.some((wallet, index) => wallet !== snapshot[index])) snapshot = current;
  return snapshot;
}

/** Every installed Solana wallet, re-rendering when one registers. */
export function useInstalledWallets(): readonly Wallet[] {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

export function findWallet(name: string): Wallet | undefined {
  return registry().get().find((wallet) => wallet.name === name && isSolanaWallet(wallet));
}

/** The wallet with this name once it registers (extensions announce themselves after load). */
export function waitForWallet(name: string, timeoutMs: number): Promise<Wallet | undefined> {
  const found = findWallet(name);
  if (found || timeoutMs <= 0) return Promise.resolve(found);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      off();
      resolve(findWallet(name));
    }, timeoutMs);
    const off = registry().on('register', () => {
      const wallet = findWallet(name);
      if (!wallet) return;
      clearTimeout(timer);
      off();
      resolve(wallet);
    });
  });
}

export function registerWallet(wallet: Wallet): () => void {
  return registry().register(wallet);
}
