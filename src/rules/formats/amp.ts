import type { RuleFormat } from '../rule-format.js';

/**
 * Amp: `AGENTS.md` per directory, with `AGENT.md` (also read by Zed, Roo Code and Kilo Code) as the
 * older name. No rule files of its own.
 */
export const ampFormat: RuleFormat = {
  name: 'amp',
  title: 'Amp',
  instructionFilenames: ['AGENTS.md', 'AGENT.md'],
  instructionOverrides: [],
  locations: [],
  userLocations: [],
  read: () => ({ scope: 'always' }),
};
