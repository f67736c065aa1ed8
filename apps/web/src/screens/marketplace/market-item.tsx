import { type MarketplaceCharacter, formatMarketPrice, isSoldOut } from '@duel-dojo/rules';
import { CharacterCard } from '../../components/character-card/character-card';
import styles from './marketplace.module.css';

export interface MarketItemProps {
  readonly item: MarketplaceCharacter;
  readonly scoreMax: number;
  readonly signedIn: boolean;
  readonly owned: boolean;
  /** Copies sold so far; null while the server does not report it. */
  readonly purchased: number | null;
  readonly busy: boolean;
  readonly onConnect: () => void;
  readonly onBuy: () => void;
  /** The first card: its portrait is the page's largest paint. */
  readonly priority?: boolean;
}

/** SOLD OUT when purchased >= maxSupply, OWNED when owned, connect without a wallet. */
export function MarketItem({ item, scoreMax, signedIn, owned, purchased, busy, onConnect, onBuy, priority = false }: MarketItemProps) {
  const soldOut = purchased !== null && isSoldOut(item, purchased);
  let button: React.ReactNode;
  if (soldOut) button = <button type="button" className="btn btn-ghost btn-block" disabled>SOLD OUT</button>;
  else if (owned) button = <button type="button" className="btn btn-ghost btn-block" disabled>OWNED</button>;
  else if (!signedIn) button = <button type="button" className="btn btn-gold btn-block" onClick={onConnect} aria-label={`Connect Wallet to buy ${item.name}`}>Connect Wallet</button>;
  else button = <button type="button" className="btn btn-primary btn-block" onClick={onBuy} disabled={busy} aria-label={`Buy Now: ${item.name} for ${formatMarketPrice(item.priceLamports)} SOL`}>Buy Now</button>;

  return (
    <CharacterCard character={item} rarity={item.rarity} scoreMax={scoreMax} priority={priority}>
      <div className={styles.priceRow}>
        <span className={styles.price}>{formatMarketPrice(item.priceLamports)} SOL</span>
        <span className="muted">{purchased === null ? `Supply ${item.maxSupply}` : `${purchased} / ${item.maxSupply} sold`}</span>
      </div>
      {button}
    </CharacterCard>
  );
}
