import type { AssistantReading } from './assistant-reading.js';

/**
 * Qwen Code: `QWEN.md` then `AGENTS.md` in each directory from the project root down to the working
 * directory, imports inline at the mention; nothing on a read; skills from `.agents` and `.qwen`.
 * Measured on Qwen Code 0.24.4.
 */
export const qwenCodeReading: AssistantReading = {
  name: 'qwen-code',
  title: 'Qwen Code',
  formats: ['qwen-code'],
  filenames: [{ filename: 'QWEN.md' }, { filename: 'AGENTS.md' }],
  overrides: [],
  perDirectory: 'all',
  directories: 'walk-up',
  order: 'root-first',
  onTouch: [],
  importLayout: 'inline',
  maxImportDepth: 5,
  assetRoots: ['.agents', '.qwen'],
  measuredOn: '0.24.4',
  sources: [
    {
      page: 'qwenlm.github.io/qwen-code-docs/en/users/configuration/settings',
      says: '`context.fileName` defaults to `QWEN.md`; context files are loaded hierarchically from the working directory up to the project root, and `@path` imports are expanded',
    },
  ],
};
