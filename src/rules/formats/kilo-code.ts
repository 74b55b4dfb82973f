import type { RuleFormat } from '../rule-format.js';
import { modeRuleLocations, readModeRule } from './roo-code.js';

/**
 * Kilo Code (a Roo Code fork): `.kilocode/rules/` and the newer `.kilo/rules/`, always applied;
 * `.kilocode/rules-{mode}/` for one mode (manual rules naming their mode); the single-file
 * `.kilocoderules`. User level: `~/.kilocode/rules`.
 */
export const kiloCodeFormat: RuleFormat = {
  name: 'kilo-code',
  title: 'Kilo Code',
  instructionFilenames: [],
  instructionOverrides: [],
  locations: [
    ...modeRuleLocations('.kilocode', '.kilocoderules'),
    { path: '.kilo/rules', kind: 'directory', extensions: ['.md', '.txt'], recursive: true },
  ],
  userLocations: [
    { path: '.kilocode/rules', kind: 'directory', extensions: ['.md', '.txt'], recursive: true },
  ],
  read: ({ mode }) => readModeRule('Kilo Code', mode),
};
