// Invite links: the creator of a waiting game shares /?invite={code}; the code
// is read from the address and then removed from it.

export const INVITE_PARAM = 'invite';

export function inviteUrl(origin: string, inviteCode: string): string {
  return `${origin}/?${INVITE_PARAM}=${encodeURIComponent(inviteCode)}`;
}

/** The invite code of a query string ("?invite=abc"), or null. */
export function inviteCodeOf(search: string): string | null {
  const code = new URLSearchParams(search).get(INVITE_PARAM)?.trim();
  return code ? code : null;
}

/** The query string without the invite ("" when nothing else is left). */
export function withoutInvite(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(INVITE_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
