// The 10 routes of spec §2 and a not-found page, each screen in its own chunk.
import { createBrowserRouter } from 'react-router';
import { lazyScreen } from './lazy-screen';
import { RootLayout } from './shell/RootLayout';
import { RouteError } from './shell/RouteError';

const Home = lazyScreen(() => import('../screens/home/HomeScreen'));
const HowToPlay = lazyScreen(() => import('../screens/how-to-play/HowToPlayScreen'));
const MyGames = lazyScreen(() => import('../screens/my-games/MyGamesScreen'));
const Tournaments = lazyScreen(() => import('../screens/tournaments/TournamentListScreen'));
const TournamentDetail = lazyScreen(() => import('../screens/tournaments/TournamentDetailScreen'));
const Contact = lazyScreen(() => import('../screens/contact/ContactScreen'));
const Profile = lazyScreen(() => import('../screens/profile/ProfileScreen'));
const Marketplace = lazyScreen(() => import('../screens/marketplace/MarketplaceScreen'));
const Leaderboard = lazyScreen(() => import('../screens/leaderboard/LeaderboardScreen'));
const NotFound = lazyScreen(() => import('../screens/not-found/NotFoundScreen'));

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
  { path: '*', Component: NotFound },
];

export function createAppRouter() {
  return createBrowserRouter([{ Component: RootLayout, ErrorBoundary: RouteError, children: ROUTES }]);
}
