import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'localnet',
    include: ['src/**/*.test.ts'],
    // Every file in one process (no module mocks here; each file stops the chain it starts): a
    // fresh process per file was most of this project's CPU.
    isolate: false,
    // Each test file starts a real chain (LiteSVM + HTTP + WebSocket) on random ports; on a loaded
    // 2-core machine (CI beside `stress --cpu 2`) a start and a confirmed transfer take several
    // times their idle duration, so the limits only catch a hang.
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
