// Lint, including the import boundaries of docs/architecture.md: only src/db/ touches rxdb and
// dexie, only server/db/ opens SQLite, sync/ imports neither side, and src/ and server/ never
// import each other.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const rxdb = [
  { name: 'dexie', message: 'Only src/db/ may import dexie.' },
  { name: 'rxdb', message: 'Only src/db/ may import rxdb.' },
];
// One place creates each connection: the chapter documents' socket and offline store.
const collabProvider = [
  { name: 'y-websocket', message: 'Only src/features/editor/collab-provider.ts creates Yjs providers.' },
  { name: 'y-indexeddb', message: 'Only src/features/editor/collab-provider.ts creates Yjs providers.' },
];
const rxdbPatterns = [{ group: ['rxdb/*', 'dexie/*'], message: 'Only src/db/ may import rxdb and dexie.' }];
const noServer = { group: ['**/server/*', '**/server'], message: 'The client never imports server code; share through sync/.' };
// src/app is the shell (router, layout, guards, failure page); features, ui, lib and db never reach into it.
const noShell = { group: ['**/app/*'], message: 'Only src/main.tsx and src/app import the shell; infrastructure lives in src/lib.' };
const sqlite = [
  { name: 'better-sqlite3', message: 'Only server/db/ may open SQLite.' },
  {
    name: 'kysely',
    importNames: ['SqliteDialect', 'Migrator', 'Kysely'],
    message: 'Only server/db/ sets up Kysely; import the DB type from server/db/connection.',
  },
];

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'dist-prerender', 'node_modules', 'data', 'test-results', 'playwright-report', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      // Three programs: the browser app (DOM, no Node), the server and tools (Node, no DOM), and
      // the browser-side tests and journeys (both). sync/ is in the first two; the first one wins here.
      parserOptions: { project: ['./tsconfig.json', './tsconfig.server.json', './tsconfig.tests.json'], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Type-aware: a promise nobody awaits loses its error; one handed to an event prop too.
      // react-router's navigate() returns a promise only for data routers, which Quire does not use.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', name: 'NavigateFunction', package: 'react-router' }] },
      ],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-restricted-imports': ['error', { paths: [...rxdb, ...sqlite], patterns: rxdbPatterns }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': ['error', { paths: [...rxdb, ...sqlite, ...collabProvider], patterns: [...rxdbPatterns, noServer] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/app/**', 'src/main.tsx', 'src/prerender.tsx'],
    rules: { 'no-restricted-imports': ['error', { paths: [...rxdb, ...sqlite, ...collabProvider], patterns: [...rxdbPatterns, noServer, noShell] }] },
  },
  { files: ['eslint.config.js', 'scripts/*.mjs'], ...tseslint.configs.disableTypeChecked },
  {
    // The service worker has its own lib (WebWorker): its own project.
    files: ['src/sw.ts'],
    languageOptions: { parserOptions: { project: './tsconfig.sw.json' } },
  },
  {
    files: ['src/features/editor/collab-provider.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [...rxdb, ...sqlite], patterns: [...rxdbPatterns, noServer, noShell] }],
    },
  },
  {
    files: ['src/db/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: sqlite, patterns: [noServer, noShell] }] },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...rxdb, ...sqlite],
          patterns: [...rxdbPatterns, { group: ['**/src/*', '**/src'], message: 'The server never imports client code; share through sync/.' }],
        },
      ],
    },
  },
  {
    // Sync integration tests and the benchmark drive the real client engine against the real server.
    files: ['server/**/*.test.ts', 'server/sync/test-clients.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [...rxdb, ...sqlite], patterns: [...rxdbPatterns, { regex: '(^|/)src(/(?!db/)|$)', message: 'Server tests may drive src/db only.' }] },
      ],
    },
  },
  {
    files: ['server/db/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: rxdb, patterns: rxdbPatterns }] },
  },
  {
    files: ['sync/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...rxdb,
            ...sqlite,
            { name: 'react', message: 'sync/ is shared: no React.' },
            { name: 'hono', message: 'sync/ is shared: no server framework.' },
          ],
          patterns: [
            ...rxdbPatterns,
            { group: ['**/src/*', '**/server/*', '**/src', '**/server'], message: 'sync/ imports neither the client nor the server.' },
          ],
        },
      ],
    },
  },
  {
    files: ['tests/e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...rxdb,
            ...sqlite,
            { name: '@playwright/test', importNames: ['test'], message: "Import test from './fixtures': it closes the contexts a journey opens." },
          ],
          patterns: rxdbPatterns,
        },
      ],
    },
  },
);
