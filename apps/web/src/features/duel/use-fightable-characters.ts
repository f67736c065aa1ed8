// The character picker's list: the nine free characters, then the marketplace
// characters the player owns (GET /api/user/{wallet}/characters; an empty list on failure).
import { type Character, type MarketplaceCharacter, FREE_CHARACTERS, findCharacter, isMarketplaceItem } from '@duel-dojo/rules';
import { useMemo } from 'react';
import { useOwnedCharacters } from '../players/queries';

export type FightableCharacter = Character & { readonly rarity?: MarketplaceCharacter['rarity'] };

export function fightableCharacters(ownedIds: readonly number[]): FightableCharacter[] {
  const owned = ownedIds
    .map((id) => findCharacter(id))
    .filter((character): character is MarketplaceCharacter => character !== undefined && isMarketplaceItem(character));
  return [...FREE_CHARACTERS, ...owned.map((character) => ({ ...character, rarity: character.rarity }))];
}

export function useFightableCharacters(wallet: string | null): FightableCharacter[] {
  const owned = useOwnedCharacters(wallet).data;
  return useMemo(() => fightableCharacters((owned ?? []).map((entry) => entry.characterId)), [owned]);
}
