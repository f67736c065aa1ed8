// Spec §2 "Navbar": leaving while a game is in progress asks for confirmation. The duel screen
// (issue 7) calls useLeaveGameGuard(gameInProgress); in-app navigation goes through the router's
// blocker, closing or reloading the tab through beforeunload.
import { useEffect } from 'react';
import { useBlocker } from 'react-router';

export const LEAVE_GAME_CONFIRMATION =
  'You have an active game in progress. If you leave, you will forfeit the match. Are you sure you want to leave?';

export function useLeaveGameGuard(active: boolean, confirm: (text: string) => boolean = (text) => window.confirm(text)): void {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (confirm(LEAVE_GAME_CONFIRMATION)) blocker.proceed();
    else blocker.reset();
  }, [blocker, confirm]);

  useEffect(() => {
    if (!active) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Browsers show their own wording; the text is kept for the ones that still use it.
      event.returnValue = LEAVE_GAME_CONFIRMATION;
      return LEAVE_GAME_CONFIRMATION;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);
}
