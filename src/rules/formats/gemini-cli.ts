import type { RuleFormat } from '../rule-format.js';

/** Gemini CLI: `GEMINI.md` per directory, read like `AGENTS.md`. User level: `~/.gemini/GEMINI.md`. */
export const geminiCliFormat: RuleFormat = {
  name: 'gemini-cli',
  title: 'Gemini CLI',
  instructionFilenames: ['GEMINI.md'],
  instructionOverrides: [],
  locations: [],
  userLocations: [{ path: '.gemini/GEMINI.md', kind: 'file', scope: 'always' }],
  read: () => ({ scope: 'always' }),
};
