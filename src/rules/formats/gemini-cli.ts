import type { RuleFormat } from '../rule-format.js';

/**
 * Gemini CLI: `GEMINI.md` per directory, read like `AGENTS.md`, or the names `.gemini/settings.json`
 * `context.fileName` gives (one or a list). User level: `~/.gemini/GEMINI.md`.
 */
export const geminiCliFormat: RuleFormat = {
  name: 'gemini-cli',
  title: 'Gemini CLI',
  instructionFilenames: ['GEMINI.md'],
  instructionOverrides: [],
  instructionFilenameSetting: { path: '.gemini/settings.json', keys: ['context', 'fileName'] },
  locations: [],
  userLocations: [{ path: '.gemini/GEMINI.md', kind: 'file', scope: 'always' }],
  read: () => ({ scope: 'always' }),
};
