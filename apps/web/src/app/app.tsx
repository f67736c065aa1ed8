// The web composition root: the query client, the wallet connection and the sound setting
// around the router. Providers that need the router (auth navigates) sit in RootLayout.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { SoundProvider } from '../features/sound/sound-context';
import { WalletConnection } from '../features/wallet/wallet-connection';
import { WalletConnectionContext } from '../features/wallet/wallet-context';
import { preloadScreens } from './lazy-screen';
import { createAppRouter } from './router';

export function App() {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 15_000, refetchOnWindowFocus: false } } }));
  const [wallet] = useState(() => new WalletConnection());
  const [router] = useState(() => {
    const created = createAppRouter();
    preloadScreens(created.state.matches);
    return created;
  });
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
