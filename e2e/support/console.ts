// Console errors of a page. A 404 that is an answer, not a fault, is expected: the existence
// check of a new wallet (GET /api/user/{wallet}), an unknown tournament's detail, and
// the not-found page's own address (the server answers an unknown page with 404).
import type { ConsoleMessage, Page } from 'playwright-core';

const EXPECTED_404 = [/\/api\/user\/[1-9A-HJ-NP-Za-km-z]{32,44}$/, /\/api\/tournaments\/[^/?]+$/, /\/no-such-page$/];

function expected(message: ConsoleMessage): boolean {
  if (!message.text().startsWith('Failed to load resource: the server responded with a status of 404')) return false;
  const url = message.location().url;
  return EXPECTED_404.some((pattern) => pattern.test(url));
}

export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !expected(message)) errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  return errors;
}
