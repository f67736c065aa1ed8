import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';

// `npm run dev -w @duel-dojo/web`: Vite with hot reload on :5173, the API and Socket.IO proxied
// to the server on :3000 so the browser sees one origin, as it does when the server serves the build.
const API = process.env.DUEL_DOJO_API ?? 'http://localhost:3000';

/**
 * What index.html paints before any JS has run: the navbar's bar with the logo (theme.css
 * `.app-shell`), so a phone on a slow network sees the page start at once. React replaces it
 * with the real navbar, of the same height, when it mounts.
 */
const APP_SHELL =
  '<header class="app-shell"><div class="container app-shell-inner"><a href="/" aria-label="Duel Dojo home">' +
  '<svg width="34" height="34" viewBox="0 0 40 40" aria-hidden="true"><path d="M20 2l16 7v10c0 10-7 16.5-16 19C11 35.5 4 29 4 19V9z" fill="#e23d3d"/>' +
  '<path d="M13 27l14-14M27 27L13 13" stroke="#fff" stroke-width="3.4" stroke-linecap="round"/><circle cx="20" cy="20" r="3.2" fill="#f5b83d"/></svg>' +
  '</a></div></header>';

/** The screen most visits open with: its chunk downloads beside the entry, not after it runs. */
const FIRST_SCREEN = '/src/screens/home/home-screen.tsx';

/**
 * index.html for a fast first paint: the app shell in #root, and `<link rel="modulepreload">`
 * for the home screen's chunk and the chunks it imports that the entry does not (the entry's
 * own are preloaded by Vite already), with a preload of its CSS: the home page's largest paint,
 * the "Duel!" title, then waits for one round trip instead of two. No other route is
 * preloaded: every page would pay for it.
 */
function firstPaint(): Plugin {
  return {
    name: 'duel-dojo:first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunks = Object.values(context.bundle ?? {}).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (file: string, into: Set<string>): Set<string> => {
          if (into.has(file)) return into;
          into.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) closure(imported, into);
          return into;
        };
        const entry = chunks.find((chunk) => chunk.isEntry);
        const screen = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(FIRST_SCREEN));
        const withShell = html.replace('<div id="root"></div>', `<div id="root">${APP_SHELL}</div>`);
        if (!entry || !screen) return withShell;
        const entryFiles = closure(entry.fileName, new Set());
        const files = [...closure(screen.fileName, new Set())].filter((file) => !entryFiles.has(file));
        const css = files.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
        const tags = [
          ...files.map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const })),
          ...css.map((file) => ({ tag: 'link', attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const })),
        ];
        return { html: withShell, tags };
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), firstPaint()],
  server: {
    proxy: {
      '/api': { target: API, changeOrigin: false },
      '/socket.io': { target: API, ws: true, changeOrigin: false },
    },
  },
  build: {
    // The server's CSP allows scripts from our origin only: no inline scripts, no eval.
    modulePreload: { polyfill: false },
    sourcemap: false,
  },
});
