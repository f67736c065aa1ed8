import { describe, it, expect } from 'vitest';
import { MARKETPLACE_CHARACTERS, MARKETPLACE_FILTERS, RARITIES, filterMarketplace, isSoldOut } from './marketplace';
import { formatSol } from './lamports';

describe('marketplace catalog', () => {
  it('lists ids 10-18 in the listing order with rarity, price, supply and scores', () => {
    expect(
      MARKETPLACE_CHARACTERS.map((c) => [c.id, c.name, c.rarity, c.priceLamports, c.maxSupply, c.fightScore, c.defendScore]),
    ).toEqual([
      [10, 'Crimson Merc', 'Legendary', 1_800_000_000n, 100, 100, 10],
      [11, 'Dark Knight', 'Epic', 1_000_000_000n, 200, 90, 20],
      [12, 'Blue Sage', 'Common', 250_000_000n, 1000, 35, 75],
      [13, 'Prankster Kid', 'Common', 350_000_000n, 1000, 50, 60],
      [14, 'Chaos Clown', 'Legendary', 1_900_000_000n, 100, 95, 15],
      [15, 'Ghost Miner', 'Epic', 950_000_000n, 200, 105, 5],
      [16, 'Pink Soldier', 'Rare', 800_000_000n, 500, 80, 30],
      [17, 'Sus Crewmate', 'Rare', 600_000_000n, 500, 40, 70],
      [18, 'Meme Lord', 'Rare', 700_000_000n, 500, 65, 45],
    ]);
  });

  it('prices everything in SOL, with full health, kebab-case portraits and flavour text', () => {
    for (const c of MARKETPLACE_CHARACTERS) {
      expect(c.currency).toBe('SOL');
      expect(c.health).toBe(100);
      expect(c.image).toBe(`/characters/${c.name.toLowerCase().replace(' ', '-')}.svg`);
      expect(c.info.length).toBeGreaterThan(10);
    }
    expect(MARKETPLACE_CHARACTERS.map((c) => formatSol(c.priceLamports, 3))).toContain('0.950');
  });

  it('has the rarity scale and filter tabs', () => {
    expect(RARITIES).toEqual(['Common', 'Rare', 'Epic', 'Legendary', 'Mythic']);
    expect(MARKETPLACE_FILTERS).toEqual(['All', 'Common', 'Rare', 'Epic', 'Legendary', 'Mythic']);
  });

  it('filters by rarity in listing order', () => {
    expect(filterMarketplace('All')).toHaveLength(9);
    expect(filterMarketplace('Rare').map((c) => c.id)).toEqual([16, 17, 18]);
    expect(filterMarketplace('Legendary').map((c) => c.id)).toEqual([10, 14]);
    expect(filterMarketplace('Mythic')).toEqual([]);
  });

  it('is sold out once purchases reach the supply', () => {
    const merc = MARKETPLACE_CHARACTERS[0];
    if (!merc) throw new Error('catalog is empty');
    expect(isSoldOut(merc, 99)).toBe(false);
    expect(isSoldOut(merc, 100)).toBe(true);
    expect(isSoldOut(merc, 101)).toBe(true);
  });
});
