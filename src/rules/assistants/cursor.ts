import type { AssistantReading } from './assistant-reading.js';

/** Cursor: `.cursor/rules/*.mdc`, and `AGENTS.md` in the root and in subdirectories, combined with its parents. */
export const cursorReading: AssistantReading = {
  name: 'cursor',
  title: 'Cursor',
  formats: ['cursor'],
  filenames: [{ filename: 'AGENTS.md' }],
  overrides: [],
  perDirectory: 'all',
  directories: 'walk-up',
  order: 'root-first',
  onTouch: [{ filename: 'AGENTS.md' }],
  maxImportDepth: undefined,
  assetRoots: ['.cursor'],
  sources: [
    {
      page: 'cursor.com/docs/rules',
      says: 'project rules are `.mdc` files in `.cursor/rules` (`alwaysApply`, `globs`, `description`); `AGENTS.md` in the project root and subdirectories, nested files combined with their parents, the more specific taking precedence; a rule may reference a file with `@file` (not an import of its text)',
    },
  ],
};
