import type { AssistantReading } from './assistant-reading.js';

/** Zed: the first file of its list that exists at the project root, and nothing else. */
export const zedReading: AssistantReading = {
  name: 'zed',
  title: 'Zed',
  formats: [],
  filenames: [
    '.rules',
    '.cursorrules',
    '.windsurfrules',
    '.clinerules',
    '.github/copilot-instructions.md',
    'AGENT.md',
    'AGENTS.md',
    'CLAUDE.md',
    'GEMINI.md',
  ].map((filename) => ({ filename })),
  overrides: [],
  perDirectory: 'first',
  directories: 'root',
  order: 'root-first',
  onTouch: [],
  maxImportDepth: undefined,
  assetRoots: [],
  sources: [
    {
      page: 'zed.dev/docs/ai/rules',
      says: '`.rules` at the top level of the worktree is included in every Agent Panel interaction; other names are supported, but only the first match of the list `.rules`, `.cursorrules`, `.windsurfrules`, `.clinerules`, `.github/copilot-instructions.md`, `AGENT.md`, `AGENTS.md`, `CLAUDE.md`, `GEMINI.md` is used',
    },
  ],
};
