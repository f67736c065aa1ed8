// Navbar: leaving while a game is in progress asks for confirmation. The dialog's sentence
// is made true (docs/leaving-a-game.md): confirming resigns the running
// game, and the opponent wins it. A reload or a closed tab is not leaving (the player rejoins, and
// a long absence lets the opponent claim the victory), so the browser's own unload prompt is not
// raised.
import { useEffect } from 'react';
import { useBlocker } from '../../routing';

export const LEAVE_GAME_CONFIRMATION =
  'You have an active game in progress. If you leave, you will forfeit the match. Are you sure you want to leave?';

/** `resign`: called when the player confirms leaving, before the navigation goes on. */
export function useLeaveGameGuard(active: boolean, resign: () => void, confirm: (text: string) => boolean = (text) => window.confirm(text)): void {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (confirm(LEAVE_GAME_CONFIRMATION)) {
      resign();
      blocker.proceed();
    } else {
      blocker.reset();
    }
  }, [blocker, confirm, resign]);
}
