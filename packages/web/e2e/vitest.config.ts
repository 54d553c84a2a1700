// Browser journeys: each file starts the real server and drives Debian's Chromium through playwright-core.
// Files run one after another: each owns a server process and a browser.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    name: 'web-e2e',
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
