// The entry: a few hundred bytes that start, side by side, the opened page's screen chunk and the
// app's chunk (React, router, shell; modulepreloaded by index.html), instead of the screen waiting
// for the whole app to download and run first. bench/README.md "Web app: first load".
import { matchWebRoute } from '@duel-dojo/protocol';
import { SCREEN_LOADERS } from './app/screen-loaders';
import './app/styles/theme.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
// A failure shows in the screen itself (its retry message), which loads it again.
void SCREEN_LOADERS[matchWebRoute(window.location.pathname)?.name ?? 'notFound']().catch(() => undefined);
void import('./app/start').then(({ start }) => start(root));
