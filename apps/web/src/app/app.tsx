// The web composition root: the query client, the wallet connection and the sound setting
// around the router. Providers that need the router (auth navigates) sit in RootLayout.
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { SoundProvider } from '../features/sound/sound-context';
import { WalletConnection } from '../features/wallet/wallet-connection';
import { WalletConnectionContext } from '../features/wallet/wallet-context';
import { type Router, RouterProvider } from '../routing';
import { createQueryClient } from './query-client';

/** `router`: created by start.tsx, which waits for the first screen's chunk before rendering. */
export function App({ router }: { readonly router: Router }) {
  const [queryClient] = useState(createQueryClient);
  const [wallet] = useState(() => new WalletConnection());
  return (
    <QueryClientProvider client={queryClient}>
      <WalletConnectionContext.Provider value={wallet}>
        <SoundProvider>
          <RouterProvider router={router} />
        </SoundProvider>
      </WalletConnectionContext.Provider>
    </QueryClientProvider>
  );
}
