import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { layerZones, ORACLE_IMPORTS } from './scripts/lib/layers.mjs';

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.vscode-test/**', 'test-results/**', 'examples/**', 'test/fixtures/**', 'media/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // .mts too: src/oracle's children are ES modules and get the same rules.
    files: ['**/*.ts', '**/*.mts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
      // An object in a template prints "[object Object]": typed reasons go through reasons.ts, never straight into text.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true, allowNullish: true }],
    },
  },
  {
    // The import table of docs/architecture.md (scripts/lib/layers.mjs), and no cycles.
    files: ['src/**/*.ts', 'src/**/*.mts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.mts'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.mts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.mjs', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: layerZones() }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Functions a newcomer can hold in one head: a longer one is split into named steps.
    // Generated data (scripts/extract-openclaw-epochs.mjs writes src/core/policy/epochs) is left out.
    files: ['src/**/*.ts', 'src/**/*.mts'],
    ignores: ['src/core/policy/epochs/**'],
    rules: { 'max-lines-per-function': ['error', { max: 100, IIFEs: true }] },
  },
  {
    // src/oracle runs in a Node 24 child beside OpenClaw's own code (and as a preload in every process of a capture turn).
    files: ['src/oracle/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!node:)', message: ORACLE_IMPORTS }] }] },
  },
  {
    // Temp folders come from scratchDir (test/helpers/scratch.ts), which removes them all.
    files: ['test/unit/**', 'test/process/**', 'test/sandbox/**', 'test/helpers/**'],
    ignores: ['test/helpers/scratch.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'fs', property: 'mkdtempSync', message: 'Use scratchDir from test/helpers/scratch.ts: it is removed when the tests end.' }, { object: 'os', property: 'tmpdir', message: 'Use scratchDir from test/helpers/scratch.ts: it is removed when the tests end.' }],
    },
  },
  {
    // The CLI, benchmarks, tests and scripts talk to a terminal.
    files: ['src/cli/**', 'bench/**', 'test/**', 'scripts/**', 'src/sandbox/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' } },
  },
);
