import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `npm run dev -w @duel-dojo/web`: Vite with hot reload on :5173, the API and Socket.IO proxied
// to the server on :3000 so the browser sees one origin, as it does when the server serves the build.
const API = process.env.DUEL_DOJO_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
