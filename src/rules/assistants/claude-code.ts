import type { AssistantReading } from './assistant-reading.js';

const claudeFiles = ['CLAUDE.md', '.claude/CLAUDE.md', 'CLAUDE.local.md'];

/** `AGENTS.md` and `.claude/AGENTS.md`, read only in a session that started without a Claude file. */
const fallback = (filename: string) => ({ filename, unlessPresent: claudeFiles, decidedAtStart: true });

/**
 * Claude Code (its default `instructionFiles: claude-md-or-agents-md`): `CLAUDE.md`,
 * `.claude/CLAUDE.md` and `CLAUDE.local.md` from the root down; `AGENTS.md` and `.claude/AGENTS.md`
 * only in a session whose start found none of the three (decided once, nested reads included); the
 * same files of a subdirectory when Claude reads a file in it; imports four hops deep, appended after
 * the importing file. Measured on Claude Code 2.1.332.
 */
export const claudeCodeReading: AssistantReading = {
  name: 'claude-code',
  title: 'Claude Code',
  formats: ['claude-code'],
  filenames: [
    { filename: 'CLAUDE.md' },
    { filename: '.claude/CLAUDE.md' },
    { filename: 'CLAUDE.local.md' },
    fallback('AGENTS.md'),
    fallback('.claude/AGENTS.md'),
  ],
  overrides: [],
  perDirectory: 'all',
  directories: 'walk-up',
  order: 'root-first',
  onTouch: [
    { filename: 'CLAUDE.md' },
    { filename: '.claude/CLAUDE.md' },
    { filename: 'CLAUDE.local.md' },
    fallback('AGENTS.md'),
    fallback('.claude/AGENTS.md'),
  ],
  importLayout: 'appended',
  failedImports: 'as-written',
  describesSkillsFromBody: true,
  offersProjectCommands: true,
  measuredOn: '2.1.332',
  maxImportDepth: 4,
  assetRoots: ['.claude'],
  sources: [
    {
      page: 'code.claude.com/docs/en/memory',
      says: '`CLAUDE.md` and `CLAUDE.local.md` of the working directory and every directory above it load at launch, concatenated; those of subdirectories when Claude reads files there; `.claude/rules/` without `paths` at launch, with `paths` on a matching read; `@path` imports relative to the importing file, four hops deep',
    },
    {
      page: 'code.claude.com/docs/en/memory#agents-md',
      says: 'by default (`claude-md-or-agents-md`) `AGENTS.md` is read only when no `CLAUDE.md`, `.claude/CLAUDE.md` or `CLAUDE.local.md` is in the working directory or above it; a nested `AGENTS.md` only where its directory has none of the three; `AGENTS.override.md` and `AGENTS.local.md` are never read',
    },
  ],
};
