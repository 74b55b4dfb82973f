import type { RuleFormat } from '../rule-format.js';

/**
 * Codex: `AGENTS.md` per directory, `AGENTS.override.md` taking its place; no rule files of its own.
 * User level: `~/.codex/AGENTS.md`.
 */
export const codexFormat: RuleFormat = {
  name: 'codex',
  title: 'Codex',
  instructionFilenames: ['AGENTS.override.md', 'AGENTS.md'],
  locations: [],
  userLocations: [{ path: '.codex/AGENTS.md', kind: 'file', scope: 'always' }],
  read: () => ({ scope: 'always' }),
};
