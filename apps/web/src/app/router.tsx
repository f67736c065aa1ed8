// The 10 routes of spec §2, the wallet's money page, a duel's watch page and a not-found page, each screen in its own chunk.
import { createBrowserRouter } from 'react-router';
import { lazyScreen } from './lazy-screen';
import { RootLayout } from './shell/root-layout';
import { RouteError } from './shell/route-error';

const Home = lazyScreen(() => import('../screens/home/home-screen'));
const HowToPlay = lazyScreen(() => import('../screens/how-to-play/how-to-play-screen'));
const MyGames = lazyScreen(() => import('../screens/my-games/my-games-screen'));
const Tournaments = lazyScreen(() => import('../screens/tournaments/tournament-list-screen'));
const TournamentDetail = lazyScreen(() => import('../screens/tournaments/tournament-detail-screen'));
const Contact = lazyScreen(() => import('../screens/contact/contact-screen'));
const Profile = lazyScreen(() => import('../screens/profile/profile-screen'));
const Marketplace = lazyScreen(() => import('../screens/marketplace/marketplace-screen'));
const Leaderboard = lazyScreen(() => import('../screens/leaderboard/leaderboard-screen'));
const Money = lazyScreen(() => import('../screens/money/money-screen'));
const Watch = lazyScreen(() => import('../screens/watch/watch-screen'));
const NotFound = lazyScreen(() => import('../screens/not-found/not-found-screen'));

export const ROUTES = [
  { index: true, Component: Home },
  { path: 'how-to-play', Component: HowToPlay },
  { path: 'my-games', Component: MyGames },
  { path: 'tournaments', Component: Tournaments },
  { path: 'tournaments/:tournamentId', Component: TournamentDetail },
  { path: 'contact', Component: Contact },
  { path: 'profile', Component: Profile },
  { path: 'profile/:playerId', Component: Profile },
  { path: 'marketplace', Component: Marketplace },
  { path: 'leaderboard', Component: Leaderboard },
  { path: 'money', Component: Money },
  { path: 'watch/:sessionId', Component: Watch },
  { path: '*', Component: NotFound },
];

export function createAppRouter() {
  return createBrowserRouter([{ Component: RootLayout, ErrorBoundary: RouteError, children: ROUTES }]);
}
