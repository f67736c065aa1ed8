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
  },
});
