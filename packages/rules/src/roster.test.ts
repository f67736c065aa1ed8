import { describe, it, expect } from 'vitest';
import { DEFAULT_CHARACTER_ID, FREE_CHARACTERS, MAX_HEALTH, characterImagePath } from './roster';

describe('free roster', () => {
  it('lists the nine characters with their scores', () => {
    expect(FREE_CHARACTERS.map((c) => [c.id, c.name, c.fightScore, c.defendScore])).toEqual([
      [1, 'Warrior', 70, 30],
      [2, 'Will', 80, 20],
      [3, 'Zombie', 75, 25],
      [4, 'Ghost', 85, 15],
      [5, 'Plumber', 65, 35],
      [6, 'Chef', 60, 40],
      [7, 'Alien', 50, 50],
      [8, 'Soldier', 45, 55],
      [9, 'Samurai', 55, 45],
    ]);
  });

  it('gives every character full health, a portrait and one line of flavour', () => {
    expect(MAX_HEALTH).toBe(100);
    for (const c of FREE_CHARACTERS) {
      expect(c.health).toBe(100);
      expect(c.image).toBe(`/characters/${c.name.toLowerCase()}.svg`);
      expect(c.info.length).toBeGreaterThan(10);
      expect(c.info).not.toContain('\n');
    }
  });

  it('defaults to Alien', () => {
    expect(DEFAULT_CHARACTER_ID).toBe(7);
    expect(FREE_CHARACTERS.find((c) => c.id === DEFAULT_CHARACTER_ID)?.name).toBe('Alien');
  });

  it('names portraits in kebab case', () => {
    expect(characterImagePath('Crimson Merc')).toBe('/characters/crimson-merc.svg');
    expect(characterImagePath('Sus  Crewmate!')).toBe('/characters/sus-crewmate.svg');
  });
});
