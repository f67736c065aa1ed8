// The 10 routes of spec §2, the wallet's money page, a duel's watch page and a not-found page, each screen in its own chunk.
import { WEB_ROUTES } from '@duel-dojo/protocol';
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

// The paths come from protocol's WEB_ROUTES, which the server also reads to tell a page from a 404.
export const ROUTES = [
  { index: true, Component: Home },
  { path: WEB_ROUTES.howToPlay, Component: HowToPlay },
  { path: WEB_ROUTES.myGames, Component: MyGames },
  { path: WEB_ROUTES.tournaments, Component: Tournaments },
  { path: WEB_ROUTES.tournament, Component: TournamentDetail },
  { path: WEB_ROUTES.contact, Component: Contact },
  { path: WEB_ROUTES.ownProfile, Component: Profile },
  { path: WEB_ROUTES.profile, Component: Profile },
  { path: WEB_ROUTES.marketplace, Component: Marketplace },
  { path: WEB_ROUTES.leaderboard, Component: Leaderboard },
  { path: WEB_ROUTES.money, Component: Money },
  { path: WEB_ROUTES.watch, Component: Watch },
  { path: '*', Component: NotFound },
];

export function createAppRouter() {
  return createBrowserRouter([{ Component: RootLayout, ErrorBoundary: RouteError, children: ROUTES }]);
}
