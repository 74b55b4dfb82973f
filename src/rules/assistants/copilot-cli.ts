import type { AssistantReading } from './assistant-reading.js';

/**
 * GitHub Copilot CLI (the `copilot` command; `github-copilot` is the editor extension and coding
 * agent as documented): `.github/copilot-instructions.md`, then `AGENTS.md`, `CLAUDE.md` and
 * `GEMINI.md` side by side in the git root and the working directory; `.github/instructions` by
 * `applyTo` and Claude Code's `.claude/rules` (always at start, by path on a read); on a read the
 * nested `AGENTS.md`, `CLAUDE.md` and `GEMINI.md`, nearest directory first; imports inline in
 * `AGENTS.md` and `CLAUDE.md`, not in `GEMINI.md`. Measured on Copilot CLI 1.0.102.
 */
export const copilotCliReading: AssistantReading = {
  name: 'copilot-cli',
  title: 'Copilot CLI',
  formats: ['github-copilot', 'claude-code'],
  filenames: [
    { filename: '.github/copilot-instructions.md', rootOnly: true },
    { filename: 'AGENTS.md' },
    { filename: 'CLAUDE.md' },
    { filename: 'GEMINI.md', noImports: true },
  ],
  overrides: [],
  perDirectory: 'all',
  directories: 'root-and-working-directory',
  order: 'root-first',
  onTouch: [{ filename: 'AGENTS.md' }, { filename: 'CLAUDE.md' }, { filename: 'GEMINI.md', noImports: true }],
  touchOrder: 'nearest-first',
  importLayout: 'inline',
  maxImportDepth: 5,
  assetRoots: ['.agents', '.claude', '.github'],
  describesSkillsFromBody: true,
  offersProjectCommands: true,
  measuredOn: '1.0.102',
  sources: [
    {
      page: 'docs.github.com/en/copilot/how-tos/copilot-cli/add-custom-instructions',
      says: 'repository instructions in `.github/copilot-instructions.md`, path-specific `.github/instructions/**/*.instructions.md`, and agent instructions in `AGENTS.md` (also `CLAUDE.md` and `GEMINI.md`) in the git root and the current working directory',
    },
  ],
};
