// The nine free characters, in the roster's listing order. Fight and defend scores
// feed the damage and healing formulas, so they are data the server and the client
// must share exactly.

export interface Character {
  readonly id: number;
  readonly name: string;
  /** One line of flavour text for the character picker. */
  readonly info: string;
  /** Path of the portrait under the web app's public folder. */
  readonly image: string;
  readonly health: number;
  readonly fightScore: number;
  readonly defendScore: number;
}

/** Every character starts with, and can never heal above, this much health. */
export const MAX_HEALTH = 100;
/** Alien: the character of a new player and of any unknown id. */
export const DEFAULT_CHARACTER_ID = 7;

/** "Crimson Merc" -> "/characters/crimson-merc.svg": one naming rule for every portrait. */
export function characterImagePath(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `/characters/${slug}.svg`;
}

function character(id: number, name: string, fightScore: number, defendScore: number, info: string): Character {
  return { id, name, info, image: characterImagePath(name), health: MAX_HEALTH, fightScore, defendScore };
}

export const FREE_CHARACTERS: readonly Character[] = [
  character(1, 'Warrior', 70, 30, 'Trained in a hundred arenas; hits hard and asks questions later.'),
  character(2, 'Will', 80, 20, 'All offence, no patience: Will swings first and hopes the dodge never comes.'),
  character(3, 'Zombie', 75, 25, 'Slow to think, hard to stop, and always hungry for another round.'),
  character(4, 'Ghost', 85, 15, 'Strikes from nowhere with a chilling touch, but fades fast under fire.'),
  character(5, 'Plumber', 65, 35, 'Fixes leaks by day and knocks out rivals with a trusty wrench by night.'),
  character(6, 'Chef', 60, 40, 'Serves punches hot and patches himself up between courses.'),
  character(7, 'Alien', 50, 50, 'A visitor from beyond the stars, perfectly balanced between strike and guard.'),
  character(8, 'Soldier', 45, 55, 'Disciplined and dug in: outlasts the enemy rather than outpunching them.'),
  character(9, 'Samurai', 55, 45, 'Walks the way of the blade with patience and a precise counter.'),
];
