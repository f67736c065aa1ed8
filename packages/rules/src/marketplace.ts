import { type Lamports, solToLamports } from './lamports';
import { type Character, MAX_HEALTH, characterImagePath } from './roster';

// The marketplace catalog, ids 10-18 in the product's listing order. Prices are kept as
// lamports parsed from the catalogue's SOL text, so what the server charges is exactly what is shown.

export const RARITIES = ['Common', 'Rare', 'Epic', 'Legendary', 'Mythic'] as const;
export type Rarity = (typeof RARITIES)[number];

/** The marketplace's filter tabs: everything, then one per rarity. */
export const MARKETPLACE_FILTERS = ['All', ...RARITIES] as const;
export type MarketplaceFilter = (typeof MARKETPLACE_FILTERS)[number];

export interface MarketplaceCharacter extends Character {
  readonly rarity: Rarity;
  readonly priceLamports: Lamports;
  readonly currency: 'SOL';
  /** How many copies can ever be sold; `purchased >= maxSupply` is sold out. */
  readonly maxSupply: number;
}

interface Listing {
  readonly id: number;
  readonly name: string;
  readonly rarity: Rarity;
  readonly priceSol: string;
  readonly maxSupply: number;
  readonly fightScore: number;
  readonly defendScore: number;
  readonly info: string;
}

function listed(item: Listing): MarketplaceCharacter {
  return {
    id: item.id,
    name: item.name,
    info: item.info,
    image: characterImagePath(item.name),
    health: MAX_HEALTH,
    fightScore: item.fightScore,
    defendScore: item.defendScore,
    rarity: item.rarity,
    priceLamports: solToLamports(item.priceSol),
    currency: 'SOL',
    maxSupply: item.maxSupply,
  };
}

const LISTINGS: readonly Listing[] = [
  { id: 10, name: 'Crimson Merc', rarity: 'Legendary', priceSol: '1.8', maxSupply: 100, fightScore: 100, defendScore: 10, info: 'A gun for hire in blood-red armour; nothing stands after the first volley.' },
  { id: 11, name: 'Dark Knight', rarity: 'Epic', priceSol: '1', maxSupply: 200, fightScore: 90, defendScore: 20, info: 'Sworn to no king, this knight cleaves through any guard.' },
  { id: 12, name: 'Blue Sage', rarity: 'Common', priceSol: '0.25', maxSupply: 1000, fightScore: 35, defendScore: 75, info: 'Calm as deep water; mends every wound and waits for the enemy to tire.' },
  { id: 13, name: 'Prankster Kid', rarity: 'Common', priceSol: '0.35', maxSupply: 1000, fightScore: 50, defendScore: 60, info: 'Whoopee cushions, water balloons and surprisingly good reflexes.' },
  { id: 14, name: 'Chaos Clown', rarity: 'Legendary', priceSol: '1.9', maxSupply: 100, fightScore: 95, defendScore: 15, info: 'Nobody knows what the clown will do next, least of all the clown.' },
  { id: 15, name: 'Ghost Miner', rarity: 'Epic', priceSol: '0.95', maxSupply: 200, fightScore: 105, defendScore: 5, info: 'Still digging long after the mine collapsed; the pickaxe hits like a landslide.' },
  { id: 16, name: 'Pink Soldier', rarity: 'Rare', priceSol: '0.8', maxSupply: 500, fightScore: 80, defendScore: 30, info: 'Pretty in pink, deadly in the trenches.' },
  { id: 17, name: 'Sus Crewmate', rarity: 'Rare', priceSol: '0.6', maxSupply: 500, fightScore: 40, defendScore: 70, info: 'Was seen venting near the arena, but swears it was just doing tasks.' },
  { id: 18, name: 'Meme Lord', rarity: 'Rare', priceSol: '0.7', maxSupply: 500, fightScore: 65, defendScore: 45, info: 'Fights with the power of a thousand reposts.' },
];

export const MARKETPLACE_CHARACTERS: readonly MarketplaceCharacter[] = LISTINGS.map(listed);

/** The catalog as shown under one filter tab, in listing order. */
export function filterMarketplace(filter: MarketplaceFilter): readonly MarketplaceCharacter[] {
  return filter === 'All' ? MARKETPLACE_CHARACTERS : MARKETPLACE_CHARACTERS.filter((item) => item.rarity === filter);
}

/** An item is sold out once `purchased >= maxSupply`. */
export function isSoldOut(item: Pick<MarketplaceCharacter, 'maxSupply'>, purchased: number): boolean {
  return purchased >= item.maxSupply;
}
