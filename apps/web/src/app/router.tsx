// The 10 product routes, the wallet's money page, a duel's watch page and a not-found page, each screen in its own chunk.
import { WEB_ROUTES } from '@duel-dojo/protocol';
import { createBrowserRouter } from '../routing';
import { lazyScreen } from './lazy-screen';
import { SCREEN_LOADERS } from './screen-loaders';
import { RootLayout } from './shell/root-layout';
import { RouteError } from './shell/route-error';

const Home = lazyScreen(SCREEN_LOADERS.home);
const HowToPlay = lazyScreen(SCREEN_LOADERS.howToPlay);
const MyGames = lazyScreen(SCREEN_LOADERS.myGames);
const Tournaments = lazyScreen(SCREEN_LOADERS.tournaments);
const TournamentDetail = lazyScreen(SCREEN_LOADERS.tournament);
const Contact = lazyScreen(SCREEN_LOADERS.contact);
const Profile = lazyScreen(SCREEN_LOADERS.profile);
const Marketplace = lazyScreen(SCREEN_LOADERS.marketplace);
const Leaderboard = lazyScreen(SCREEN_LOADERS.leaderboard);
const Money = lazyScreen(SCREEN_LOADERS.money);
const Watch = lazyScreen(SCREEN_LOADERS.watch);
const NotFound = lazyScreen(SCREEN_LOADERS.notFound);

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
