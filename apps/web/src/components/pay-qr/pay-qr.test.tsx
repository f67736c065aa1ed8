import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PayQr } from './pay-qr';

const TREASURY = 'GvHeR432g7MjN9uKyX3Dzg66TqwrEWgANLnnFZXMeyyj';
const REFERENCE = 'So11111111111111111111111111111111111111112';

describe('PayQr', () => {
  it('offers the transfer request as a code to scan and a link to open, and says when a transfer is going back', async () => {
    const url = `solana:${TREASURY}?amount=0.033333333&reference=${REFERENCE}&label=Duel%20Dojo&message=Stake%20for%20a%205%24%20duel`;
    render(<PayQr url={url} description="Stake for a 5$ duel" refusal="The payment is being refunded to your wallet." />);
    expect(screen.getByRole('link', { name: 'Open in a wallet app' })).toHaveAttribute('href', url);
    expect(await screen.findByRole('img', { name: /Solana Pay QR code/ })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('refunded to your wallet');
  });
});
