// The e2e tests serve the same build `npm start` does: one rule for when to rebuild it.
import { ensureWebBuild as ensure } from '../../scripts/web-build.mjs';

export function ensureWebBuild(root: string): void {
  ensure(root, (message) => console.log(`[e2e] ${message}`));
}
