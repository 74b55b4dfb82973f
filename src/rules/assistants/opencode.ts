import type { AssistantReading } from './assistant-reading.js';

/**
 * OpenCode: `AGENTS.md` (or `CLAUDE.md` where there is none) from the working directory up to the
 * project root, merged nearest first; `opencode.json` `instructions`; on touch, `AGENTS.md` between
 * the target and the working directory.
 */
export const opencodeReading: AssistantReading = {
  name: 'opencode',
  title: 'OpenCode',
  formats: ['opencode'],
  filenames: [{ filename: 'AGENTS.md' }, { filename: 'CLAUDE.md' }],
  overrides: [],
  perDirectory: 'first',
  directories: 'walk-up',
  order: 'nearest-first',
  onTouch: [{ filename: 'AGENTS.md' }],
  maxImportDepth: undefined,
  assetRoots: ['.opencode', '.claude', '.agents'],
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
