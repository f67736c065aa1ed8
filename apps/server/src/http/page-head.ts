// The card a link preview shows (Open Graph, X's summary card) for the pages players share: a
// profile and a finished game. The web app's index.html carries the site's default card; these
// replace it with the page's own, every value HTML-escaped (names are what players typed).
import type { GameRecord } from '@duel-dojo/protocol';
import { formatSol, toLamports } from '@duel-dojo/rules';
import type { ProfileFacts } from './page-facts';

export interface PageCard {
  readonly title: string;
  readonly description: string;
  /** The page's canonical address (the public origin's). */
  readonly url: string;
  readonly type: 'profile' | 'article';
}

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

function counted(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

export function profileCard(facts: ProfileFacts, url: string): PageCard {
  const record = [counted(facts.wins, 'win', 'wins'), counted(facts.losses, 'loss', 'losses'), counted(facts.draws, 'draw', 'draws')].join(', ');
  return { title: `${facts.displayName} on Duel Dojo`, description: `${facts.displayName}'s record: ${record} in one-on-one duels.`, url, type: 'profile' };
}

/** A finished game's card; null while it runs (its page keeps the site's card). */
export function gameCard(game: GameRecord, url: string): PageCard | null {
  if (!game.gameOver) return null;
  const first = game.player1Name ?? 'A guest';
  const second = game.player2Name ?? (game.player2 === 'bot' ? 'the bot' : 'a guest');
  const stake = toLamports(game.stakeLamports);
  const stakeText = stake > 0n ? `a stake of ${formatSol(stake, 4)} SOL each` : 'a free duel';
  const rounds = counted(game.currentRound, 'round', 'rounds');
  return { title: `${first} vs ${second} on Duel Dojo`, description: `${resultText(game, first, second)} after ${rounds}, ${stakeText}.`, url, type: 'article' };
}

function resultText(game: GameRecord, first: string, second: string): string {
  if (game.winner === null || game.winner === 'draw') return 'A draw';
  // The winner is its wallet, else its slot (a bot or a guest has no wallet).
  if (game.winner === 'player1' || (game.player1Wallet !== null && game.winner === game.player1Wallet)) return `${first} won`;
  if (game.winner === 'player2' || (game.player2Wallet !== null && game.winner === game.player2Wallet)) return `${second} won`;
  return 'Decided';
}

const DEFAULT_CARD_TAGS = /[ \t]*<meta\s+(?:property="og:[^"]*"|name="twitter:[^"]*"|name="description")[^>]*>\s*/g;

/** index.html with the card's tags in place of the default ones, and the card's title. */
export function renderHead(indexHtml: string, card: PageCard): string {
  const title = escapeHtml(card.title);
  const description = escapeHtml(card.description);
  const tags = [
    `<meta name="description" content="${description}" />`,
    '<meta property="og:site_name" content="Duel Dojo" />',
    `<meta property="og:type" content="${card.type}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(card.url)}" />`,
    '<meta name="twitter:card" content="summary" />',
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
  ].join('\n    ');
  // Replacer functions: a string replacement would read `$&` in a player's name as a pattern.
  return indexHtml
    .replace(DEFAULT_CARD_TAGS, '')
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    .replace('</head>', () => `  ${tags}\n  </head>`);
}
