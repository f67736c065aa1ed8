// The accessibility audit of a page: axe-core's rules rated serious or critical (WCAG 2 A and AA,
// best practices included), run inside the page, plus horizontal overflow at the viewport's
// width, which is a layout fault rather than an axe rule.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, run } from 'axe-core';
import type { Page } from 'playwright-core';

export interface Finding {
  readonly rule: string;
  readonly impact: 'critical' | 'serious';
  readonly target: string;
  readonly detail: string;
}

// Evaluated through the DevTools protocol rather than added as a <script>: the app's
// Content-Security-Policy refuses inline scripts, and the audit must see the page as served.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

function overflowInPage(): number {
  return document.documentElement.scrollWidth - window.innerWidth;
}

function axeInPage(): Promise<AxeResults> {
  const axe = (window as unknown as { axe: { run: typeof run } }).axe;
  return axe.run(document, { resultTypes: ['violations'] });
}

export async function audit(page: Page): Promise<Finding[]> {
  await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(axeInPage);
  const findings: Finding[] = [];
  for (const violation of results.violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    for (const node of violation.nodes) {
      findings.push({ rule: violation.id, impact: violation.impact, target: node.target.join(' '), detail: node.failureSummary ?? violation.help });
    }
  }
  const overflow = await page.evaluate(overflowInPage);
  if (overflow > 1) findings.push({ rule: 'horizontal-overflow', impact: 'serious', target: 'document', detail: `the page is ${overflow}px wider than the viewport` });
  return findings;
}

export function formatFindings(findings: readonly Finding[]): string {
  return findings.map((finding) => `${finding.impact} ${finding.rule}: ${finding.target} — ${finding.detail}`).join('\n');
}
