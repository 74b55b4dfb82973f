import { globList, type RuleFormat, textValue } from '../rule-format.js';

/**
 * Continue: `.continue/rules/*.md`. `alwaysApply: true` = always; `globs` = files; `alwaysApply:
 * false` without globs = described when there is a `description`, else manual; no `alwaysApply`
 * and no globs = always (Continue's default, unlike Cursor's).
 */
export const continueFormat: RuleFormat = {
  name: 'continue',
  title: 'Continue',
  instructionFilenames: [],
  instructionOverrides: [],
  locations: [{ path: '.continue/rules', kind: 'directory', extensions: ['.md'], recursive: true }],
  userLocations: [{ path: '.continue/rules', kind: 'directory', extensions: ['.md'], recursive: true }],
  read({ data }) {
    const description = textValue(data.description);
    const described = description === undefined ? {} : { description };
    if (data.alwaysApply === true || data.alwaysApply === 'true') return { scope: 'always', ...described };
    const globs = globList(data.globs);
    if (globs !== undefined && globs.length > 0) return { scope: 'files', globs, ...described };
    if (data.alwaysApply === false || data.alwaysApply === 'false') {
      return description === undefined ? { scope: 'manual' } : { scope: 'described', description };
    }
    return { scope: 'always', ...described };
  },
};
