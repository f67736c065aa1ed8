// The signed-in player's wallet and user dropdowns: their own chunk (balance over RPC, tabs,
// portraits), which a first visit never downloads; SessionArea starts it while a session is restored.
import type { SessionUser } from '@duel-dojo/protocol';
import { UserMenu } from './user-menu';
import { WalletMenu } from './wallet-menu';

export default function SignedInMenus({ user, onSignOut }: { readonly user: SessionUser; readonly onSignOut: () => void }) {
  return (
    <>
      <WalletMenu address={user.walletAddress} />
      <UserMenu user={user} onSignOut={onSignOut} />
    </>
  );
}
