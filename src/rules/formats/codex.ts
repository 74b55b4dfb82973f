import type { RuleFormat } from '../rule-format.js';

/**
 * Codex: `AGENTS.md` per directory; an `AGENTS.override.md` that is there and not blank is read in
 * its place. No rule files of its own. User level: `~/.codex/AGENTS.md`.
 */
export const codexFormat: RuleFormat = {
  name: 'codex',
  title: 'Codex',
  instructionFilenames: ['AGENTS.md'],
  instructionOverrides: [{ filename: 'AGENTS.override.md', replaces: 'AGENTS.md' }],
  locations: [],
  userLocations: [{ path: '.codex/AGENTS.md', kind: 'file', scope: 'always' }],
  read: () => ({ scope: 'always' }),
};
