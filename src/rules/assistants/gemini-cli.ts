import type { AssistantReading } from './assistant-reading.js';

/**
 * Gemini CLI: `GEMINI.md` (or the names `.gemini/settings.json` `context.fileName` gives) in the
 * working directory and its parents, and just in time in the directories a tool touches (the
 * settings' names and `GEMINI.md`); imports inline at the mention; skills from `.agents` and
 * `.gemini`. Measured on Gemini CLI 0.61.0.
 */
export const geminiCliReading: AssistantReading = {
  name: 'gemini-cli',
  title: 'Gemini CLI',
  formats: ['gemini-cli'],
  filenames: [{ filename: 'GEMINI.md' }],
  overrides: [],
  perDirectory: 'all',
  directories: 'walk-up',
  order: 'root-first',
  onTouch: [{ filename: 'GEMINI.md' }],
  importLayout: 'inline',
  maxImportDepth: 5,
  assetRoots: ['.agents', '.gemini'],
  measuredOn: '0.61.0',
  sources: [
    {
      page: 'geminicli.com/docs/cli/gemini-md',
      says: '`~/.gemini/GEMINI.md`, then `GEMINI.md` in the workspace directories and their parents, then just in time: when a tool accesses a file or directory, `GEMINI.md` in that directory and its ancestors up to a trusted root; all concatenated; `context.fileName` renames the file (a name or a list); `@file.md` imports other files',
    },
  ],
};
