import { describe, it, expect } from 'vitest';
import {
  ALL_CHARACTERS,
  characterOrDefault,
  findCharacter,
  isFreeCharacter,
  isMarketplaceCharacter,
  isMarketplaceItem,
} from './characters';

describe('character lookup', () => {
  it('finds free and marketplace characters by id', () => {
    expect(findCharacter(1)?.name).toBe('Warrior');
    expect(findCharacter(9)?.name).toBe('Samurai');
    expect(findCharacter(10)?.name).toBe('Crimson Merc');
    expect(findCharacter(18)?.name).toBe('Meme Lord');
  });

  it.each([0, 19, -1, 7.5, Number.NaN])('finds nothing for id %s', (id) => {
    expect(findCharacter(id)).toBeUndefined();
  });

  it('falls back to Alien for an unknown or missing id', () => {
    expect(characterOrDefault(99).name).toBe('Alien');
    expect(characterOrDefault(null).id).toBe(7);
    expect(characterOrDefault(undefined).id).toBe(7);
    expect(characterOrDefault(15).name).toBe('Ghost Miner');
  });

  it('tells free from marketplace ids', () => {
    expect(isFreeCharacter(1)).toBe(true);
    expect(isFreeCharacter(9)).toBe(true);
    expect(isFreeCharacter(10)).toBe(false);
    expect(isMarketplaceCharacter(10)).toBe(true);
    expect(isMarketplaceCharacter(18)).toBe(true);
    expect(isMarketplaceCharacter(9)).toBe(false);
    expect(isMarketplaceCharacter(19)).toBe(false);
    expect(isFreeCharacter(0)).toBe(false);
  });

  it('holds 18 characters with unique ids, free ones first', () => {
    expect(ALL_CHARACTERS.map((c) => c.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    const found = findCharacter(12);
    expect(found && isMarketplaceItem(found) ? found.rarity : undefined).toBe('Common');
    expect(isMarketplaceItem(characterOrDefault(7))).toBe(false);
  });
});
