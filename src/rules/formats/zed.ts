import type { RuleFormat } from '../rule-format.js';

/** Zed: a `.rules` file at the project root, always applied (Zed also reads the other assistants' files). */
export const zedFormat: RuleFormat = {
  name: 'zed',
  title: 'Zed',
  instructionFilenames: [],
  instructionOverrides: [],
  locations: [{ path: '.rules', kind: 'file', scope: 'always' }],
  userLocations: [],
  read: () => ({ scope: 'always' }),
};
