// Marketplace: the rarity filter, the grid with prices in SOL (3 decimals) and a
// button per item (Buy / OWNED / SOLD OUT / Connect Wallet), the price's confirmation before the
// wallet is asked, and the purchase popups.
import { MARKETPLACE_CHARACTERS, MARKETPLACE_FILTERS, type MarketplaceFilter, filterMarketplace } from '@duel-dojo/rules';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header/page-header';
import { EmptyState } from '../../components/status/status';
import { useAuth } from '../../features/auth/auth-context';
import { usePurchase } from '../../features/marketplace/use-purchase';
import { useDocumentTitle } from '../../features/page/use-document-title';
import { useMarketplaceSupply, useOwnedCharacters } from '../../features/players/queries';
import { MarketItem } from './market-item';
import { PurchaseConfirmDialog } from './purchase-confirm-dialog';
import { PurchasePopups } from './purchase-popups';
import styles from './marketplace.module.css';

const SCORE_MAX = Math.max(...MARKETPLACE_CHARACTERS.flatMap((item) => [item.fightScore, item.defendScore]));

export default function MarketplaceScreen() {
  useDocumentTitle('Marketplace');
  const [filter, setFilter] = useState<MarketplaceFilter>('All');
  const auth = useAuth();
  const wallet = auth.user?.walletAddress ?? null;
  const owned = useOwnedCharacters(wallet);
  const ownedIds = new Set((owned.data ?? []).map((entry) => entry.characterId));
  const purchase = usePurchase(wallet);
  const supply = useMarketplaceSupply();
  const items = filterMarketplace(filter);

  return (
    <div className="container">
      <PageHeader kicker="Character marketplace" title="Marketplace" subtitle="Rare fighters with their own strengths, paid in SOL and yours to fight with for good." />
      <div className={styles.filters} role="group" aria-label="Rarity">
        {MARKETPLACE_FILTERS.map((option) => (
          <button key={option} type="button" className={styles.filter} aria-pressed={filter === option} onClick={() => setFilter(option)}>
            {option}
          </button>
        ))}
      </div>
      {items.length === 0 ? (
        <EmptyState message={`No ${filter} characters are for sale yet.`}>
          <button type="button" className="btn btn-ghost" onClick={() => setFilter('All')}>
            Show all
          </button>
        </EmptyState>
      ) : (
        <div className={styles.grid}>
          {items.map((item, index) => (
            <MarketItem
              key={item.id}
              priority={index === 0}
              item={item}
              scoreMax={SCORE_MAX}
              signedIn={Boolean(wallet)}
              owned={ownedIds.has(item.id)}
              purchased={supply.data?.get(item.id) ?? null}
              busy={purchase.state.phase !== 'idle'}
              onConnect={auth.openLogin}
              onBuy={() => purchase.ask(item)}
            />
          ))}
        </div>
      )}
      <PurchaseConfirmDialog
        item={purchase.state.phase === 'confirm' ? (MARKETPLACE_CHARACTERS.find((item) => item.id === purchase.state.characterId) ?? null) : null}
        onConfirm={() => void purchase.confirm()}
        onCancel={purchase.reset}
      />
      <PurchasePopups purchase={purchase} />
    </div>
  );
}
