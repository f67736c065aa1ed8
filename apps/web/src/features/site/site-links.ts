// Addresses outside the app. Build-time overrides: VITE_EARLY_ACCESS_FORM_URL,
// VITE_SUPPORT_EMAIL (see apps/web/README.md).
const env = import.meta.env as Record<string, string | undefined>;

/** The early-tester form the navbar's countdown button opens in a new tab. */
export const EARLY_ACCESS_FORM_URL = env.VITE_EARLY_ACCESS_FORM_URL ?? 'https://forms.gle/duel-dojo-early-access';

export const SUPPORT_EMAIL = env.VITE_SUPPORT_EMAIL ?? 'support@duel-dojo.gg';

/** Contact: three social links. */
export const SOCIAL_LINKS: readonly { name: string; url: string; handle: string }[] = [
  { name: 'X (Twitter)', url: 'https://x.com/duel_dojo', handle: '@duel_dojo' },
  { name: 'Discord', url: 'https://discord.gg/duel-dojo', handle: 'discord.gg/duel-dojo' },
  { name: 'Telegram', url: 'https://t.me/duel_dojo', handle: 't.me/duel_dojo' },
];
