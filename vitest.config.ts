// One run for every unit and API test. Server API tests run on PGlite, and once more on PostgreSQL when
// TEST_DATABASE_URL is set (each test file gets a database of its own there).
import { existsSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

const serverTests = ['packages/server/src/**/*.test.ts', 'packages/server/test/**/*.test.ts'];
// The published API (its document as committed and linted, clients made from it against a server process on
// the embedded database): once per run, as no database of the server projects plays a part.
const apiDocumentTests = 'packages/server/test/api-document/**/*.test.ts';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' } },
      // The command-line client: its real binary against a real server process.
      {
        test: {
          name: 'cli',
          include: ['packages/cli/test/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DATABASE_URL: '' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'api-document',
          include: [apiDocumentTests],
          environment: 'node',
          env: { TEST_DATABASE_URL: '' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'server-pglite',
          include: serverTests,
          exclude: [...configDefaults.exclude, apiDocumentTests],
          environment: 'node',
          env: { TEST_DATABASE_URL: '' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'server-postgres',
                include: serverTests,
                exclude: [...configDefaults.exclude, apiDocumentTests],
                environment: 'node',
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      ...(existsSync('packages/web/vitest.config.ts') ? ['packages/web/vitest.config.ts'] : []),
    ],
  },
});
