// Each page's screen chunk, by its name in protocol's WEB_ROUTES. No React here: main.tsx starts
// the opened page's chunk while the app itself is still downloading, and router.tsx mounts the
// same loaders (a second import() of a module is the same download).
import type { WebRouteName } from '@duel-dojo/protocol';
import type { ComponentType } from 'react';

export type ScreenLoader = () => Promise<{ default: ComponentType }>;

const profile: ScreenLoader = () => import('../screens/profile/profile-screen');

export const SCREEN_LOADERS: Readonly<Record<WebRouteName | 'notFound', ScreenLoader>> = {
  home: () => import('../screens/home/home-screen'),
  howToPlay: () => import('../screens/how-to-play/how-to-play-screen'),
  myGames: () => import('../screens/my-games/my-games-screen'),
  tournaments: () => import('../screens/tournaments/tournament-list-screen'),
  tournament: () => import('../screens/tournaments/tournament-detail-screen'),
  contact: () => import('../screens/contact/contact-screen'),
  ownProfile: profile,
  profile,
  marketplace: () => import('../screens/marketplace/marketplace-screen'),
  leaderboard: () => import('../screens/leaderboard/leaderboard-screen'),
  money: () => import('../screens/money/money-screen'),
  watch: () => import('../screens/watch/watch-screen'),
  notFound: () => import('../screens/not-found/not-found-screen'),
};
