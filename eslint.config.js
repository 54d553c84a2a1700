// Lint rules, including the one-way imports of DESIGN.md section 4:
// contract ← server, contract ← web; in the web app, app → features → shared, and features never
// import each other (a feature may use the app's client plumbing: api-client, session, paths).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const featureZones = ['auth', 'reservations', 'credentials', 'accounts', 'users', 'flashing', 'devices'].map((feature) => ({
  target: `./packages/web/src/features/${feature}`,
  from: './packages/web/src/features',
  except: [`./${feature}`],
  message: 'Features do not import each other: move what they share to src/shared.',
}));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['packages/*/tsconfig.json'] })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './packages/contract', from: './packages/server', message: 'The contract depends on nothing.' },
            { target: './packages/contract', from: './packages/web', message: 'The contract depends on nothing.' },
            { target: './packages/web', from: './packages/server', message: 'The web app talks to the server over HTTP only.' },
            { target: './packages/server', from: './packages/web', message: 'The server does not import the web app.' },
            { target: './packages/web/src/shared', from: './packages/web/src/features', message: 'shared does not depend on features.' },
            { target: './packages/web/src/shared', from: './packages/web/src/app', message: 'shared does not depend on app.' },
            ...featureZones,
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@testbed/server', '@testbed/web'], message: 'Only @testbed/contract is shared between packages.' }] },
      ],
    },
  },
  {
    files: ['packages/web/src/**/*.tsx', 'packages/web/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
