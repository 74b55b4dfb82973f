import type { RuleFormat } from '../rule-format.js';

/** JetBrains Junie: `.junie/guidelines.md`, always applied. */
export const junieFormat: RuleFormat = {
  name: 'junie',
  title: 'Junie',
  instructionFilenames: [],
  instructionOverrides: [],
  locations: [{ path: '.junie/guidelines.md', kind: 'file', scope: 'always' }],
  userLocations: [],
  read: () => ({ scope: 'always' }),
};
