// Steps of the tournament test: a player joining over HTTP (as another client would), and a
// start time typed into the browser's datetime-local field in the browser's own time zone.
import type { Page } from 'playwright-core';

export async function joinOverHttp(baseUrl: string, tournamentId: string, token: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/tournaments/${encodeURIComponent(tournamentId)}/join`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: '{}',
  });
  if (!response.ok) throw new Error(`join ${tournamentId} answered ${response.status}: ${await response.text()}`);
}

/** "YYYY-MM-DDTHH:mm:ss" `aheadMs` from now, in the page's local time (what the field holds). */
export function localDateTimeAhead(page: Page, aheadMs: number): Promise<string> {
  return page.evaluate((ahead) => {
    const date = new Date(Date.now() + ahead);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  }, aheadMs);
}

/** The tournament id of a detail page's address. */
export function tournamentIdOf(page: Page): string {
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

/** Creates a tournament over HTTP (POST /api/tournaments) and returns its id. */
export async function createOverHttp(baseUrl: string, token: string, body: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${baseUrl}/api/tournaments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { tournament?: { tournamentId: string } };
  if (!response.ok || !answer.tournament) throw new Error(`create answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer.tournament.tournamentId;
}
