import { type MarketplaceCharacter, MARKETPLACE_CHARACTERS } from './marketplace';
import { type Character, DEFAULT_CHARACTER_ID, FREE_CHARACTERS } from './roster';

// One lookup over both catalogs: a saved characterId may name a free or a bought character,
// and every screen and the server must resolve it the same way.

const BY_ID: ReadonlyMap<number, Character | MarketplaceCharacter> = new Map(
  [...FREE_CHARACTERS, ...MARKETPLACE_CHARACTERS].map((item) => [item.id, item]),
);

const FREE_IDS: ReadonlySet<number> = new Set(FREE_CHARACTERS.map((item) => item.id));
const MARKETPLACE_IDS: ReadonlySet<number> = new Set(MARKETPLACE_CHARACTERS.map((item) => item.id));

/** Free characters first, then the marketplace, each in listing order. */
export const ALL_CHARACTERS: readonly (Character | MarketplaceCharacter)[] = [...BY_ID.values()];

/** The character with this id in either catalog; undefined when no character has it. */
export function findCharacter(id: number): Character | MarketplaceCharacter | undefined {
  return BY_ID.get(id);
}

/** Alien stands in for a missing or unknown id (the default and fallback). */
export function characterOrDefault(id: number | null | undefined): Character | MarketplaceCharacter {
  const found = id === null || id === undefined ? undefined : BY_ID.get(id);
  if (found) return found;
  const fallback = BY_ID.get(DEFAULT_CHARACTER_ID);
  if (!fallback) throw new Error('the default character is missing from the roster');
  return fallback;
}

export function isFreeCharacter(id: number): boolean {
  return FREE_IDS.has(id);
}

export function isMarketplaceCharacter(id: number): boolean {
  return MARKETPLACE_IDS.has(id);
}

export function isMarketplaceItem(character: Character): character is MarketplaceCharacter {
  return MARKETPLACE_IDS.has(character.id);
}
