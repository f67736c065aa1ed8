// When a test fails, what every open page showed at that moment: its address and its dialogs,
// alerts, statuses and headings (from the accessibility tree). Printed with the failure, and added
// to .ci-report/e2e-pages.log, whose end npm test prints last, where a CI log's tail shows it.
import { appendFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach } from 'vitest';
import { openContexts } from './browser';

const SHOWN = /^\s*- (dialog|alertdialog|alert|status|heading)\b/;

async function glance(page: Page): Promise<string> {
  const tree = await page
    .locator('body')
    .ariaSnapshot({ timeout: 5_000 })
    .catch((error: unknown) => `(no snapshot: ${(error as Error).message.split('\n')[0]})`);
  const shown = tree
    .split('\n')
    .filter((line) => SHOWN.test(line))
    .map((line) => line.trim().replace(/:$/, ''));
  return `${page.url()} | ${shown.join(' | ').slice(0, 600) || '(nothing of those)'}`;
}

afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  const pages = [...openContexts].flatMap((context) => context.pages()).filter((page) => !page.isClosed() && page.url() !== 'about:blank');
  const lines = [`${task.name}: the ${pages.length} open page(s) showed`, ...(await Promise.all(pages.map(glance))).map((line) => `  ${line}`)];
  console.log(lines.join('\n'));
  if (process.env.CI_REPORT) appendFileSync(join(dirname(process.env.CI_REPORT), 'e2e-pages.log'), `${lines.join('\n')}\n`);
});
