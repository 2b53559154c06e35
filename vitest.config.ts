import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Integration tests talk real HTTP and wait out real retry delays.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
