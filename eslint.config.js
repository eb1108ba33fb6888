import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** An import of the engine other than its public surface, src/engine/index.ts. */
const engineInternals = {
  regex: '(^|/)engine/(?!index\\.ts$)',
  message: 'Faces import the engine only through src/engine/index.ts (its public surface); export what you need there.',
};
/** An import of the gate other than its public surface, src/gate/index.ts. */
const gateInternals = {
  regex: '(^|/)gate/(?!index\\.ts$)',
  message: 'Faces import the gate only through src/gate/index.ts (its public surface); export what you need there.',
};
/** An import of the service other than its public surface, src/server/main.ts (its folders are its inside). */
const serverInternals = {
  regex: '(^|/)server/(?!main\\.ts$)',
  message: 'The CLI starts the service only through src/server/main.ts (its public surface); export what you need there.',
};
/** An import of another face: each face stands on the engine alone. */
const face = (name, why) => ({ regex: `(^|/)${name}/`, message: `Do not import src/${name}/ here: ${why}` });

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
      // Node 20 (which the CLI supports) has neither: reading one crashed every HTTPS fetch there.
      'no-restricted-properties': ['error', ...['validToDate', 'validFromDate'].map((property) => ({
        property, message: 'Node 20 has no X509Certificate.validToDate / validFromDate: use certificateNotAfter (src/engine/net/certificate.ts).',
      }))],
    },
  },
  {
    // The engine is pure and knows no face.
    files: ['src/engine/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ regex: '(^|/)(gate|server|cli|action)/|(^|/)main\\.ts$', message: 'The engine knows no face: move what both need into src/engine.' }],
      }],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          engineInternals,
          face('gate', 'the service does not run the gate.'),
          face('cli', 'the CLI starts the service, not the other way round.'),
          face('action', 'the action is a face of its own.'),
        ],
      }],
    },
  },
  {
    files: ['src/gate/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          engineInternals,
          face('server', 'what the gate and the service share belongs to the engine (problem bodies, fingerprints).'),
          face('cli', 'the gate is shared by the action and the CLI, and knows neither.'),
          face('action', 'the gate is shared by the action and the CLI, and knows neither.'),
        ],
      }],
    },
  },
  {
    files: ['src/action/**/*.ts', 'src/main.ts', 'src/index.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          engineInternals,
          gateInternals,
          face('server', 'the action runs the gate, not the service.'),
          face('cli', 'the action and the CLI are separate faces; share through src/gate.'),
        ],
      }],
    },
  },
  {
    files: ['src/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          engineInternals,
          gateInternals,
          serverInternals,
          face('action', 'the action and the CLI are separate faces; share through src/gate.'),
        ],
      }],
    },
  },
);
