// A small accessibility audit run inside the page, in place of axe-core (not installed here).
// It checks the rules axe rates serious or critical that matter for this app: document language
// and title, image alternatives, names of buttons, links and form fields, broken ARIA references,
// duplicate ids, focusable content hidden from assistive tech, nested controls, zoom blocking,
// and WCAG AA text contrast (gradients are checked against each of their colours). It also
// reports horizontal overflow, which is a layout fault at 360 px rather than an axe rule.
import type { Page } from 'playwright-core';

export interface Finding {
  readonly rule: string;
  readonly impact: 'critical' | 'serious';
  readonly target: string;
  readonly detail: string;
}

function auditInPage(): Finding[] {
  const findings: Finding[] = [];
  const describe = (el: Element): string => {
    const id = el.id ? `#${el.id}` : '';
    const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}` : '';
    return `${el.tagName.toLowerCase()}${id}${cls} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
  };
  const add = (rule: string, impact: Finding['impact'], el: Element | null, detail: string) =>
    findings.push({ rule, impact, target: el ? describe(el) : 'document', detail });
  const hidden = (el: Element): boolean => Boolean(el.closest('[aria-hidden="true"], [hidden]')) || (el instanceof HTMLElement && el.getClientRects().length === 0);

  const textOf = (el: Element): string => {
    let text = '';
    for (const node of el.childNodes) {
      if (node.nodeType === Node.TEXT_NODE) text += node.textContent ?? '';
      else if (node instanceof Element && node.getAttribute('aria-hidden') !== 'true') {
        text += node.tagName === 'IMG' ? (node.getAttribute('alt') ?? '') : node.getAttribute('aria-label') ?? textOf(node);
      }
    }
    return text.replace(/\s+/g, ' ').trim();
  };
  const nameOf = (el: Element): string => {
    const labelledby = el.getAttribute('aria-labelledby');
    if (labelledby) return labelledby.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();
    const label = el.getAttribute('aria-label');
    if (label && label.trim()) return label.trim();
    const labels = (el as HTMLInputElement).labels;
    if (labels && labels.length > 0) return [...labels].map((item) => item.textContent ?? '').join(' ').trim();
    if (el.tagName === 'IMG') return el.getAttribute('alt') ?? '';
    return textOf(el) || (el.getAttribute('title') ?? '').trim();
  };

  if (!document.documentElement.getAttribute('lang')) add('html-has-lang', 'serious', null, 'the <html> element has no lang');
  if (!document.title.trim()) add('document-title', 'serious', null, 'the document has no title');
  const viewport = document.querySelector('meta[name="viewport"]')?.getAttribute('content') ?? '';
  if (/user-scalable\s*=\s*no|maximum-scale\s*=\s*1(\.0)?\b/.test(viewport)) add('meta-viewport', 'critical', null, 'zooming is disabled');

  for (const img of document.querySelectorAll('img')) if (!img.hasAttribute('alt') && !hidden(img)) add('image-alt', 'critical', img, 'image without alt');
  for (const el of document.querySelectorAll('[role="img"]')) if (!hidden(el) && !nameOf(el)) add('role-img-alt', 'serious', el, 'role="img" without a name');
  for (const el of document.querySelectorAll('button, [role="button"], [role="tab"], [role="menuitem"]')) {
    if (!hidden(el) && !nameOf(el)) add('button-name', 'critical', el, 'button without an accessible name');
  }
  for (const el of document.querySelectorAll('a[href]')) if (!hidden(el) && !nameOf(el)) add('link-name', 'serious', el, 'link without an accessible name');
  for (const el of document.querySelectorAll('input:not([type="hidden"]):not([type="submit"]):not([type="button"]), select, textarea')) {
    if (!hidden(el) && !nameOf(el)) add('label', 'critical', el, 'form field without a label');
  }
  for (const el of document.querySelectorAll('[role="meter"], [role="progressbar"], [role="dialog"], [role="tablist"], [role="group"]')) {
    if (!hidden(el) && !nameOf(el)) add('aria-name', 'serious', el, `${el.getAttribute('role')} without a name`);
  }

  const ids = new Map<string, number>();
  for (const el of document.querySelectorAll('[id]')) ids.set(el.id, (ids.get(el.id) ?? 0) + 1);
  for (const el of document.querySelectorAll('[aria-labelledby], [aria-describedby], [aria-controls], label[for]')) {
    for (const attribute of ['aria-labelledby', 'aria-describedby', 'aria-controls', 'for']) {
      for (const id of (el.getAttribute(attribute) ?? '').split(/\s+/).filter(Boolean)) {
        const count = ids.get(id) ?? 0;
        if (count === 0) add('aria-valid-attr-value', 'critical', el, `${attribute} names a missing id "${id}"`);
        if (count > 1) add('duplicate-id-aria', 'critical', el, `${attribute} names id "${id}" used ${count} times`);
      }
    }
  }

  const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
  for (const el of document.querySelectorAll('[aria-hidden="true"]')) {
    if (el.matches(FOCUSABLE) || el.querySelector(FOCUSABLE)) add('aria-hidden-focus', 'serious', el, 'focusable content inside aria-hidden');
  }
  for (const el of document.querySelectorAll('a[href] a[href], a[href] button, button button, button a[href]')) add('nested-interactive', 'serious', el, 'a control inside another control');

  // Contrast: composite the text colour over the first opaque background up the tree.
  type Rgba = [number, number, number, number];
  const parse = (text: string): Rgba[] =>
    [...text.matchAll(/rgba?\(([^)]+)\)/g)].map((match) => {
      const parts = (match[1] ?? '').split(/[\s,/]+/).filter(Boolean).map(Number);
      return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
    });
  const over = (top: Rgba, bottom: Rgba): Rgba => {
    const alpha = top[3] + bottom[3] * (1 - top[3]);
    const mix = (i: 0 | 1 | 2) => (alpha === 0 ? 0 : (top[i] * top[3] + bottom[i] * bottom[3] * (1 - top[3])) / alpha);
    return [mix(0), mix(1), mix(2), alpha];
  };
  const luminance = ([r, g, b]: Rgba) => {
    const channel = (value: number) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  const ratio = (a: Rgba, b: Rgba) => {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
    return (light + 0.05) / (dark + 0.05);
  };
  /** Every background the text may sit on (a gradient gives several); null when unknowable (an image). */
  const backgroundsOf = (el: Element): Rgba[] | null => {
    const layers: Rgba[][] = [];
    for (let node: Element | null = el; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      const isPage = node === document.body || node === document.documentElement;
      if (!isPage && style.backgroundImage !== 'none') {
        if (style.backgroundImage.includes('url(')) return null;
        const stops = parse(style.backgroundImage).filter((color) => color[3] > 0);
        if (stops.length > 0) layers.push(stops);
      }
      const color = parse(style.backgroundColor)[0];
      if (color && color[3] > 0) {
        layers.push([color]);
        if (color[3] >= 1) break;
      }
    }
    let results: Rgba[] = [[255, 255, 255, 1]];
    for (const layer of layers.reverse()) results = layer.flatMap((top) => results.map((bottom) => over(top, bottom)));
    return results;
  };
  for (const el of document.querySelectorAll('body *')) {
    if (!(el instanceof HTMLElement) || hidden(el) || el.closest('button:disabled, [aria-disabled="true"], input:disabled')) continue;
    const direct = [...el.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim());
    if (!direct) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
    const foreground = parse(style.color)[0];
    const backgrounds = backgroundsOf(el);
    if (!foreground || foreground[3] === 0 || !backgrounds) continue;
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const needed = large ? 3 : 4.5;
    const worst = Math.min(...backgrounds.map((background) => ratio(over(foreground, background), background)));
    if (worst < needed) add('color-contrast', 'serious', el, `contrast ${worst.toFixed(2)}:1, needs ${needed}:1`);
  }

  for (const el of document.querySelectorAll('body *')) {
    if (!(el instanceof HTMLElement) || hidden(el)) continue;
    const style = getComputedStyle(el);
    const scrolls = /(auto|scroll)/.test(style.overflowX) && el.scrollWidth > el.clientWidth + 1;
    const scrollsDown = /(auto|scroll)/.test(style.overflowY) && el.scrollHeight > el.clientHeight + 1;
    if ((scrolls || scrollsDown) && !el.matches(FOCUSABLE) && !el.querySelector(FOCUSABLE)) {
      add('scrollable-region-focusable', 'serious', el, 'a scrolling region that the keyboard cannot reach');
    }
  }

  const overflow = document.documentElement.scrollWidth - window.innerWidth;
  if (overflow > 1) add('horizontal-overflow', 'serious', null, `the page is ${overflow}px wider than the ${window.innerWidth}px viewport`);
  return findings;
}

export function audit(page: Page): Promise<Finding[]> {
  return page.evaluate(auditInPage);
}

export function formatFindings(findings: readonly Finding[]): string {
  return findings.map((finding) => `${finding.impact} ${finding.rule}: ${finding.target} — ${finding.detail}`).join('\n');
}
