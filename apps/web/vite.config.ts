import react from '@vitejs/plugin-react';
import { type Plugin, type Rolldown, defineConfig } from 'vite';

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

/**
 * The stylesheets of the entry and the app's chunk (theme, shell, navbar; ~3 KB brotli) inside
 * index.html instead of linked: the shell paints as soon as the HTML is parsed, with no
 * stylesheet round trip before any paint, while the scripts are still downloading. The server's
 * CSP allows inline styles. Each link stays, disabled (never fetched): Vite's loader of lazy
 * chunks looks for it before adding a stylesheet, and would otherwise download it again.
 */
function inlineCss(files: readonly string[], bundle: Rolldown.OutputBundle): string {
  return files
    .flatMap((file) => {
      const asset = bundle[file];
      if (asset?.type !== 'asset') return [];
      const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
      return [`<style>${css.trim()}</style>`, `<link rel="stylesheet" href="/${file}" disabled>`];
    })
    .join('\n    ');
}

/** The app's chunk (React, router, shell), which the entry imports beside the page's screen. */
const APP_CHUNK = '/src/app/start.tsx';

/**
 * index.html for a fast first paint: the app shell in #root with its styles inline, and
 * `<link rel="modulepreload">` for the app's chunk and everything it imports, which the tiny
 * entry (main.tsx) loads with a dynamic import: they download beside the entry instead of after
 * it, and the entry starts the page's own screen chunk meanwhile.
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
        const app = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(APP_CHUNK)));
        const withShell = html.replace('<div id="root"></div>', `<div id="root">${APP_SHELL}</div>`);
        if (!entry || !app) throw new Error(`index.html: no entry chunk or no chunk for ${APP_CHUNK}`);
        const entryFiles = closure(entry.fileName, new Set());
        const appFiles = [...closure(app.fileName, new Set())].filter((file) => !entryFiles.has(file));
        const css = [...entryFiles, ...appFiles].flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
        // Vite links the entry's own stylesheet; the inline copy replaces it.
        const linked = /\s*<link rel="stylesheet"[^>]*href="\/assets\/[^"]+\.css"[^>]*>/g;
        const styled = withShell.replace(linked, '').replace('</head>', () => `  ${inlineCss([...new Set(css)], context.bundle ?? {})}\n  </head>`);
        // Low priority: no paint waits for the app's chunk (the shell above needs no script), and
        // the entry and the page's screen chunk, both small, go first. Lighthouse's simulation
        // counts a high-priority script that finished loading before the first paint as blocking
        // it (it cannot see when a module runs), which had put ~80 KB before /leaderboard's FCP.
        const tags = appFiles.map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, fetchpriority: 'low', href: `/${file}` }, injectTo: 'head' as const }));
        return { html: styled, tags };
      },
    },
  };
}

/**
 * Reached from the app's chunk only through the query library's index, which re-exports every
 * hook: mutations and infinite lists are used by lazy screens alone (a purchase, a claim, the
 * money page), so they load with those screens instead of before every first paint.
 */
const LAZY_ONLY = /[\\/]@tanstack[\\/](react-query|query-core)[\\/].*[\\/](useMutation|mutationObserver|useInfiniteQuery|infiniteQueryObserver)\.js$/;

/** What the app's chunk holds: every module it imports statically, but those the entry holds. */
const appModules = new Set<string>();

/**
 * Keeps the app's chunk one file: left alone, the bundler splits out of it every module a lazy
 * screen shares with it, and the first load asks for some twenty small files instead of one.
 */
function appChunk(): Plugin {
  return {
    name: 'duel-dojo:app-chunk',
    apply: 'build',
    buildEnd() {
      const reach = (id: string, into: Set<string>): Set<string> => {
        const info = this.getModuleInfo(id);
        if (into.has(id) || !info) return into;
        into.add(id);
        for (const imported of info.importedIds) reach(imported, into);
        return into;
      };
      const ids = [...this.getModuleIds()];
      const app = ids.find((id) => id.endsWith(APP_CHUNK));
      const entry = ids.find((id) => id.endsWith('/src/main.tsx'));
      if (!app || !entry) return;
      const inEntry = reach(entry, new Set());
      appModules.clear();
      for (const id of reach(app, new Set())) if (!inEntry.has(id)) appModules.add(id);
    },
  };
}

export default defineConfig({
  plugins: [react(), firstPaint(), appChunk()],
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
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'start', test: (id: string) => appModules.has(id) && !LAZY_ONLY.test(id) },
            // zod (what the app uses of it), apart from any schema: the page evaluates it in one task before it builds
            // the schemas of an answer in the next (src/net/protocol.ts), instead of both at once.
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
            // The wire's building blocks, which every area of the contract imports together: one file, not three.
            { name: 'primitives', test: /[\\/]packages[\\/]protocol[\\/]src[\\/](primitives|base58|limits)\.ts$/ },
          ],
        },
      },
    },
  },
});
