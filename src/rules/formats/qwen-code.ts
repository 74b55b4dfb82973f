import type { RuleFormat } from '../rule-format.js';

/**
 * Qwen Code (a Gemini CLI fork): `QWEN.md` per directory, renamed by `.qwen/settings.json`
 * `context.fileName`. User level: `~/.qwen/QWEN.md`.
 */
export const qwenCodeFormat: RuleFormat = {
  name: 'qwen-code',
  title: 'Qwen Code',
  instructionFilenames: ['QWEN.md'],
  instructionOverrides: [],
  instructionFilenameSetting: { path: '.qwen/settings.json', keys: ['context', 'fileName'] },
  locations: [],
  userLocations: [{ path: '.qwen/QWEN.md', kind: 'file', scope: 'always' }],
  read: () => ({ scope: 'always' }),
};
