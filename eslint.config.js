// Lint: typescript-eslint's type-aware recommended rules, plus the layering
// rule of DESIGN.md (elements -> client -> protocol -> crypto; relay and
// sandbox never import browser code; the sandbox's crypto stays independent).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'coverage/',
      'test-results/',
      'bench-results/',
      'custom-elements.json',
      'examples/partner-app/public/esm/',
      'examples/partner-app/.next/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['src/crypto/**'],
    rules: restrict(['**/protocol/**', '**/client/**', '**/elements/**', '**/relay/**', '**/sandbox/**']),
  },
  { files: ['src/protocol/**'], rules: restrict(['**/client/**', '**/elements/**', '**/relay/**', '**/sandbox/**']) },
  { files: ['src/client/**'], rules: restrict(['**/elements/**', '**/relay/**', '**/sandbox/**']) },
  { files: ['src/relay/**'], rules: restrict(['**/client/**', '**/elements/**', '**/sandbox/**', '**/crypto/**']) },
  // Isolated mode: the wire imports nothing; the host script's elements hold no client, crypto or lit.
  {
    files: ['src/frame-link/**'],
    rules: restrict([
      '**/elements/**',
      '**/client/**',
      '**/protocol/**',
      '**/crypto/**',
      '**/relay/**',
      'lit',
      '@lit/*',
    ]),
  },
  {
    files: ['src/host-elements/**', 'src/host.ts'],
    rules: restrict([
      '**/client/**',
      '**/protocol/**',
      '**/crypto/**',
      '**/relay/**',
      '**/shared/**',
      '!**/shared/nearest-lang.js',
      'lit',
      '@lit/*',
    ]),
  },
  // One job per module: no file over 300 lines, no function over 80 (templates split into named parts).
  { files: ['src/**'], rules: { 'max-lines': ['error', 300], 'max-lines-per-function': ['error', 80] } },
  { files: ['src/sandbox/**'], rules: restrict(['**/client/**', '**/elements/**', '**/relay/**', '**/crypto/**']) },
  { files: ['**/*.js', '**/*.mjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  // Tests read deep into JSON answers; typing every one would hide the assertions.
  { files: ['test/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
);
