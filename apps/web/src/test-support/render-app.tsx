// The whole app (providers, RootLayout, every lazy route) in a memory router, against the fake
// server: what a component test drives like a player would.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from '../routing';
import { ROUTES } from '../app/router';
import { RootLayout } from '../app/shell/root-layout';
import { SoundProvider } from '../features/sound/sound-context';
import { WalletConnection } from '../features/wallet/wallet-connection';
import { WalletConnectionContext } from '../features/wallet/wallet-context';

export function renderApp(path = '/') {
  const router = createMemoryRouter([{ Component: RootLayout, children: ROUTES }], { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  const wallet = new WalletConnection();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <WalletConnectionContext.Provider value={wallet}>
        <SoundProvider>
          <RouterProvider router={router} />
        </SoundProvider>
      </WalletConnectionContext.Provider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient, wallet };
}
