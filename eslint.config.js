// Lint rules, including the one-way imports between packages and layers:
// contract ← server, contract ← web; in the web app, app → features → shared, and features never
// import each other (a feature uses src/shared for what several features need).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const otherPackages = { group: ['@testbed/server', '@testbed/web'], message: 'Only @testbed/contract is shared between packages.' };
const features = readdirSync(new URL('./packages/web/src/features/', import.meta.url));

// A notice shown with Mantine's API directly has a close button without a name (axe: button-name).
const bareNotifications = {
  group: ['@mantine/notifications'],
  importNames: ['notifications'],
  message: 'Show notices with src/shared/notify.ts, whose close button has a name.',
};

/** no-restricted-imports with the given regular expressions, each with its reason. */
const restrict = (...rules) => ({
  'no-restricted-imports': ['error', { patterns: [otherPackages, ...rules.map(([regex, message]) => ({ regex, message }))] }],
});
/** The same for the web app, which also shows its notices through one place. */
const restrictWeb = (...rules) => ({
  'no-restricted-imports': [
    'error',
    { patterns: [otherPackages, bareNotifications, ...rules.map(([regex, message]) => ({ regex, message }))] },
  ],
});

export default tseslint.config(
  { ignores: ['**/dist/**', 'packages/web/builds/**', '**/node_modules/**', 'data/**', '**/screenshots/**', 'packages/server/bench/prof-*.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      ...restrict(),
    },
  },
  { files: ['packages/contract/**'], rules: restrict(['^\\.\\./\\.\\./(server|web)/', 'The contract depends on nothing.']) },
  { files: ['packages/server/**'], rules: restrict(['(^|/)web/src/', 'The server does not import the web app.']) },
  { files: ['packages/web/**'], rules: restrictWeb(['(^|/)server/src/', 'The web app talks to the server over HTTP only.']) },
  { files: ['packages/cli/**'], rules: restrict(['(^|/)(server|web)/src/', 'The command-line client talks to the server over HTTP only.']) },
  {
    files: ['packages/web/src/shared/**'],
    rules: restrictWeb(['(^|/)(app|features)/', 'shared depends on neither app nor features.'], ['(^|/)server/src/', 'The web app talks to the server over HTTP only.']),
  },
  {
    files: ['packages/web/src/shared/notify.ts'],
    rules: restrict(['(^|/)(app|features)/', 'shared depends on neither app nor features.']),
  },
  ...features.map((feature) => ({
    files: [`packages/web/src/features/${feature}/**`],
    rules: restrictWeb(
      [`^(\\.\\./)+(features/)?(?!${feature}/)(${features.join('|')})(/|$)`, 'Features do not import each other: move what they share to src/shared.'],
      ['(^|/)server/src/', 'The web app talks to the server over HTTP only.'],
    ),
  })),
  {
    files: ['packages/web/src/**/*.tsx', 'packages/web/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
