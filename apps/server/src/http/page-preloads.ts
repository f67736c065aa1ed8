// What a page's first screen paints largest, when it is an image no HTML names: sent as a preload
// with the page's HTML, so the browser fetches it beside the scripts instead of once they have run
// and rendered the screen (bench/README.md "Web app: first load and Lighthouse").
import type { WebRouteName } from '@duel-dojo/protocol';
import { MARKETPLACE_CHARACTERS } from '@duel-dojo/rules';

/** The marketplace lists the catalogue in its order: its first card's portrait is the largest paint. */
const FIRST_PORTRAIT = MARKETPLACE_CHARACTERS[0]?.image ?? null;

/** The `Link` header for a page's HTML, or null when its first screen needs no image first. */
export function pagePreloads(route: WebRouteName): string | null {
  if (route === 'marketplace' && FIRST_PORTRAIT) return `<${FIRST_PORTRAIT}>; rel=preload; as=image; fetchpriority=high`;
  return null;
}
