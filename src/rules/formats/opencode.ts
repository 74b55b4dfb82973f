import type { RuleFormat } from '../rule-format.js';

/**
 * OpenCode: `AGENTS.md` per directory, and the files named by `opencode.json` `instructions` (paths
 * and globs relative to the file), always applied; URLs there are not fetched.
 */
export const opencodeFormat: RuleFormat = {
  name: 'opencode',
  title: 'OpenCode',
  instructionFilenames: ['AGENTS.md'],
  instructionOverrides: [],
  locations: [{ path: 'opencode.json', kind: 'file', listKey: 'instructions', scope: 'always' }],
  userLocations: [],
  read: () => ({ scope: 'always' }),
};
