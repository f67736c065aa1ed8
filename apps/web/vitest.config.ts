import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// Component tests: React Testing Library in happy-dom, beside the code they test.
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-support/setup.ts'],
    restoreMocks: true,
    // Component tests wait for what the user sees (findBy*, waitFor), never for the clock; the
    // limits only catch a hang, sized for a loaded 2-core machine (CI beside `stress --cpu 2`).
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
