import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'localnet',
    include: ['src/**/*.test.ts'],
    // Each test file starts a real chain (LiteSVM + HTTP + WebSocket) on random ports.
    testTimeout: 30000,
    hookTimeout: 30000,
  },
});
