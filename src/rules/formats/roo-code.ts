import type { RuleFormat, RuleLocation, RuleScopeReading } from '../rule-format.js';

/** How a Roo Code (or Kilo Code) rule file reads: always, or for one mode only (then manual). */
export function readModeRule(title: string, mode: string | undefined): RuleScopeReading {
  if (mode === undefined) return { scope: 'always' };
  // No mode is active outside the assistant: the rule is for `@name`, its mode said.
  return { scope: 'manual', description: `${title} rules for its "${mode}" mode` };
}

const ruleFiles = { kind: 'directory', extensions: ['.md', '.txt'], recursive: true } as const;

/** The locations of a Roo-style assistant under `folder` (`.roo`), with its single-file fallback. */
export function modeRuleLocations(folder: string, fallbackFile: string): RuleLocation[] {
  return [
    { path: `${folder}/rules`, ...ruleFiles },
    { path: folder, ...ruleFiles, modePrefix: 'rules-' },
    { path: fallbackFile, kind: 'file', scope: 'always' },
  ];
}

/**
 * Roo Code: every `.md` / `.txt` file below `.roo/rules/`, always applied; `.roo/rules-{mode}/` for
 * one mode (read as manual rules naming their mode); the single-file `.roorules`. User level:
 * `~/.roo/rules`.
 */
export const rooCodeFormat: RuleFormat = {
  name: 'roo-code',
  title: 'Roo Code',
  instructionFilenames: [],
  instructionOverrides: [],
  locations: modeRuleLocations('.roo', '.roorules'),
  userLocations: [{ path: '.roo/rules', ...ruleFiles }],
  read: ({ mode }) => readModeRule('Roo Code', mode),
};
