import type { AssistantReading } from './assistant-reading.js';

/**
 * Codex: one file per directory from the project root down to the working directory
 * (`AGENTS.override.md`, else `AGENTS.md`), nothing below it, no imports, 32 KiB in all spent from the
 * root. Measured on Codex 0.171.0: nothing is delivered on a read, ever.
 */
export const codexReading: AssistantReading = {
  name: 'codex',
  title: 'Codex',
  formats: ['codex'],
  filenames: [{ filename: 'AGENTS.md' }],
  overrides: [{ filename: 'AGENTS.override.md', replaces: 'AGENTS.md' }],
  perDirectory: 'first',
  blankTakesSlot: true,
  directories: 'walk-up',
  order: 'root-first',
  onTouch: [],
  maxImportDepth: undefined,
  maxBytes: 32 * 1024,
  measuredOn: '0.171.0',
  assetRoots: ['.agents', '.codex'],
  sources: [
    {
      page: 'developers.openai.com/codex/guides/agents-md',
      says: 'from the project root (the Git root) down to the working directory, in each directory `AGENTS.override.md`, then `AGENTS.md`, then the fallback names of `project_doc_fallback_filenames` (none by default), at most one file per directory; files joined from the root down; empty files skipped; no more files once the combined size reaches `project_doc_max_bytes` (32 KiB); the chain is built once at start',
    },
  ],
};
