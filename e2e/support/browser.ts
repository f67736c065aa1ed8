// Debian's Chromium driven by playwright-core, each browser with a fresh profile folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, type Page, chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 360, height: 800 } as const;

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface Browser {
  readonly context: BrowserContext;
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

/** Every browser still open: a failed test's report shows what their pages showed (failure-report.ts). */
export const openContexts = new Set<BrowserContext>();

/** The home screen's welcome popup (once per browser) would cover what a test clicks: mark it seen. */
const WELCOME_SEEN = 'duel-dojo:welcome-seen';

export async function launchBrowser(baseUrl: string, options: { readonly welcome?: boolean } = {}): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'duel-dojo-chromium-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS, viewport: DESKTOP, baseURL: baseUrl });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  if (!options.welcome) await context.addInitScript((key) => window.localStorage.setItem(key, 'true'), WELCOME_SEEN);
  openContexts.add(context);
  return {
    context,
    newPage: () => context.newPage(),
    close: async () => {
      openContexts.delete(context);
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
