import type { AssistantReading } from './assistant-reading.js';

/**
 * OpenCode: one name for the whole start-up walk, the first of `AGENTS.md`, `CLAUDE.md`, `CONTEXT.md`
 * found from the working directory up to the project root, every file of that name, nearest first;
 * `opencode.json` `instructions`; on a read, per directory between the target and the working
 * directory the first of those names, nearest first; no imports. Measured on OpenCode 1.18.33.
 */
export const opencodeReading: AssistantReading = {
  name: 'opencode',
  title: 'OpenCode',
  formats: ['opencode'],
  filenames: [{ filename: 'AGENTS.md' }, { filename: 'CLAUDE.md' }, { filename: 'CONTEXT.md' }],
  overrides: [],
  perDirectory: 'first',
  directories: 'walk-up',
  order: 'nearest-first',
  oneNameForWalk: true,
  onTouch: [{ filename: 'AGENTS.md' }, { filename: 'CLAUDE.md' }, { filename: 'CONTEXT.md' }],
  touchOrder: 'nearest-first',
  maxImportDepth: undefined,
  assetRoots: ['.opencode', '.claude', '.agents'],
  measuredOn: '1.18.33',
  sources: [
    {
      page: 'opencode.ai/docs/instructions',
      says: 'the global file, then every `AGENTS.md` from the workspace directory up to the project root, merged nearest first; in a directory without `AGENTS.md`, its `CLAUDE.md`; reading a file or listing a directory loads every `AGENTS.md` between that target and the workspace; `.claude` skills are read unless turned off',
    },
    {
      page: 'opencode.ai/docs/rules',
      says: '`opencode.json` `instructions`: paths and glob patterns of more instruction files',
    },
  ],
};
