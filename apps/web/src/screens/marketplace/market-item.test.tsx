// Marketplace purchase: the one button each item shows.
import { MARKETPLACE_CHARACTERS } from '@duel-dojo/rules';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MarketItem, type MarketItemProps } from './market-item';

const blueSage = MARKETPLACE_CHARACTERS.find((item) => item.name === 'Blue Sage')!;

function show(props: Partial<MarketItemProps>) {
  render(<MarketItem item={blueSage} scoreMax={105} signedIn owned={false} purchased={3} busy={false} onConnect={vi.fn()} onBuy={vi.fn()} {...props} />);
}

describe('market item', () => {
  it('shows SOLD OUT, disabled, once purchased reaches the maximum supply', () => {
    show({ purchased: blueSage.maxSupply });
    expect(screen.getByRole('button', { name: 'SOLD OUT' })).toBeDisabled();
    expect(screen.getByText(`${blueSage.maxSupply} / ${blueSage.maxSupply} sold`)).toBeInTheDocument();
  });

  it('shows OWNED, disabled, for an owned character that is not sold out', () => {
    show({ owned: true });
    expect(screen.getByRole('button', { name: 'OWNED' })).toBeDisabled();
  });

  it('asks an anonymous visitor to connect a wallet', () => {
    show({ signedIn: false });
    expect(screen.getByRole('button', { name: 'Connect Wallet to buy Blue Sage' })).toBeInTheDocument();
  });

  it('offers Buy Now with the price in SOL to 3 decimals and the sold count', () => {
    show({});
    expect(screen.getByRole('button', { name: 'Buy Now: Blue Sage for 0.250 SOL' })).toBeInTheDocument();
    expect(screen.getByText('3 / 1000 sold')).toBeInTheDocument();
  });
});
