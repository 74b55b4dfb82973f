import type { AssistantReading } from './assistant-reading.js';

/**
 * GitHub Copilot (coding agent, CLI): `.github/copilot-instructions.md`, `.github/instructions` by
 * `applyTo`, the nearest `AGENTS.md`, or a `CLAUDE.md` / `GEMINI.md` in the repository root.
 */
export const githubCopilotReading: AssistantReading = {
  name: 'github-copilot',
  title: 'GitHub Copilot',
  formats: ['github-copilot'],
  filenames: [
    { filename: 'AGENTS.md', nearestOnly: true },
    { filename: 'CLAUDE.md', rootOnly: true, unlessPresent: ['AGENTS.md'] },
    { filename: 'GEMINI.md', rootOnly: true, unlessPresent: ['AGENTS.md'] },
  ],
  overrides: [],
  perDirectory: 'all',
  directories: 'walk-up',
  order: 'root-first',
  onTouch: [{ filename: 'AGENTS.md' }],
  maxImportDepth: undefined,
  assetRoots: ['.github', '.claude'],
  sources: [
    {
      page: 'docs.github.com/en/copilot/how-tos/configure-custom-instructions/add-repository-instructions',
      says: 'repository-wide `.github/copilot-instructions.md`; path-specific `.github/instructions/**/*.instructions.md` with `applyTo`; agent instructions in one or more `AGENTS.md` anywhere in the repository, the nearest in the directory tree taking precedence; alternatively a single `CLAUDE.md` or `GEMINI.md` in the repository root',
    },
    {
      page: 'docs.github.com/en/copilot/concepts/prompting/response-customization',
      says: 'precedence: personal, then path-specific instructions, then `.github/copilot-instructions.md`, then agent instructions (`AGENTS.md`), then organization instructions',
    },
  ],
};
