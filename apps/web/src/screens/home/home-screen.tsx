// Home (duel game): the title and the stake ladder. The duel itself (characters,
// payment, waiting, battle, game over) is its own chunk, loaded once a stake is chosen, an invite
// is opened, or a signed-in wallet (or a guest's tab keeping a rejoin key) may have a game to
// rejoin.
import { type StakeLabel, findStakeTier } from '@duel-dojo/rules';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useLocation, useNavigate } from '../../routing';
import { useAuth } from '../../features/auth/auth-context';
import { inviteCodeOf, withoutInvite } from '../../features/duel/invite-link';
import { readRejoinKey } from '../../features/duel/rejoin-key-store';
import { useWelcome } from '../../features/duel/use-welcome';
import { useDocumentTitle } from '../../features/page/use-document-title';
import { Hero } from './hero';

const DuelStage = lazy(() => import('./duel-stage'));
const WelcomePopup = lazy(() => import('./welcome-popup'));
// Like the popups, the alert's dialog code loads when it first opens, not with the hero.
const ConnectWalletAlert = lazy(() => import('./connect-wallet-alert').then((module) => ({ default: module.ConnectWalletAlert })));

export default function HomeScreen() {
  useDocumentTitle('');
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [stake, setStake] = useState<StakeLabel | null>(null);
  const [invite, setInvite] = useState<string | null>(() => inviteCodeOf(location.search));
  const [walletAlert, setWalletAlert] = useState(false);
  const welcome = useWelcome(auth.status !== 'anonymous');

  // The invite code is read from ?invite= and then removed from the address bar.
  useEffect(() => {
    const code = inviteCodeOf(location.search);
    if (!code) return;
    setInvite(code);
    void navigate({ pathname: location.pathname, search: withoutInvite(location.search), hash: location.hash }, { replace: true });
  }, [location, navigate]);

  const chooseStake = (label: StakeLabel) => {
    const paid = (findStakeTier(label)?.usd ?? 0) > 0;
    // A session still being restored may have a wallet: Fight! checks again.
    if (paid && auth.status === 'anonymous') return setWalletAlert(true);
    setStake(label);
  };
  // Once loaded the duel stays: it holds the game even when the stake or the invite is cleared.
  const [duelOpen, setDuelOpen] = useState(false);
  // A guest reloaded mid-game: the duel asks for that game back with the key this tab kept.
  const [guestGame] = useState(() => readRejoinKey() !== null);
  if (!duelOpen && (stake !== null || invite !== null || auth.user !== null || guestGame)) setDuelOpen(true);
  // One hero for the whole visit (the duel stage portals its lobby into it and hides it for the
  // battle): a stage still loading never swaps the hero under the player's click.
  const [lobbySlot, setLobbySlot] = useState<HTMLDivElement | null>(null);
  const [battle, setBattle] = useState(false);

  return (
    <>
      {!battle && <Hero stake={stake} onStake={chooseStake} lobbySlot={setLobbySlot} />}
      {duelOpen && (
        <Suspense fallback={null}>
          <DuelStage
            stake={stake}
            onStake={chooseStake}
            onClearStake={() => setStake(null)}
            invite={invite}
            onInviteHandled={() => setInvite(null)}
            onNeedWallet={() => setWalletAlert(true)}
            lobbySlot={battle ? null : lobbySlot}
            onBattle={setBattle}
          />
        </Suspense>
      )}
      {walletAlert && (
        <Suspense fallback={null}>
          <ConnectWalletAlert open onClose={() => setWalletAlert(false)} onLogin={auth.openLogin} />
        </Suspense>
      )}
      {welcome.open && (
        <Suspense fallback={null}>
          <WelcomePopup onStart={welcome.close} />
        </Suspense>
      )}
    </>
  );
}
