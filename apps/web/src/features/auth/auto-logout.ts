// "An automatic-logout event (with an optional reason) triggers a local-only sign-out."
// Any part of the app (an expired token on a call, the duel's server) can raise it.

export const AUTO_LOGOUT_EVENT = 'duel-dojo:auto-logout';

export interface AutoLogoutDetail {
  readonly reason?: string;
}

export function requestAutoLogout(reason?: string): void {
  window.dispatchEvent(new CustomEvent<AutoLogoutDetail>(AUTO_LOGOUT_EVENT, { detail: { reason } }));
}
