// Steps every e2e test shares: sign up through the UI with the dev wallet, screenshots, audits.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { audit, formatFindings } from './a11y-audit';

export const SCREENSHOTS = join(import.meta.dirname, '..', 'screenshots');
mkdirSync(SCREENSHOTS, { recursive: true });

/** Login -> Dev Wallet -> "Complete Your Profile" -> submit; resolves on /profile. */
export async function signUpInBrowser(page: Page, username: string, referralCode = ''): Promise<void> {
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('button', { name: /Dev Wallet/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete Your Profile' });
  await dialog.getByLabel('Username').fill(username);
  if (referralCode) await dialog.getByLabel('Referral code (optional)').pressSequentially(referralCode);
  await dialog.getByRole('button', { name: 'Create Profile' }).click();
  await page.waitForURL('**/profile');
  await page.getByRole('heading', { level: 1, name: username }).waitFor();
}

/** Loads lazy images (scrolls through the page), then a full-page screenshot. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      // eslint-disable-next-line no-restricted-syntax -- runs in the page (page.evaluate), where node:timers is not
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(() => [...document.images].every((image) => image.complete), undefined, { timeout: 10_000 }).catch(() => undefined);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

export async function expectAccessible(page: Page, where: string): Promise<void> {
  const findings = await audit(page);
  expect(findings, `${where}\n${formatFindings(findings)}`).toEqual([]);
}
