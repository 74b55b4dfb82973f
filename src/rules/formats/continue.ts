import { globList, type RuleFormat, textValue } from '../rule-format.js';

/**
 * Continue: `.continue/rules/*.md`. `alwaysApply: true` = always; `globs` = files; `alwaysApply:
 * false` without globs = described when there is a `description`, else manual; no `alwaysApply`
 * and no globs = always (Continue's default, unlike Cursor's). A `regex` (a match on file content)
 * without globs makes a described rule naming its patterns; with globs, the globs decide.
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
    const patterns = regexList(data.regex);
    if (patterns !== undefined && patterns.length > 0) {
      // A match on file content cannot be told from a path: the agent is told what to look for.
      const which = patterns.map((pattern) => `/${pattern}/`).join(', ');
      const purpose = description === undefined ? '' : `${description.replace(/[.\s]+$/, '')}; `;
      return { scope: 'described', description: `${purpose}for files whose content matches ${which}` };
    }
    if (data.alwaysApply === false || data.alwaysApply === 'false') {
      return description === undefined ? { scope: 'manual' } : { scope: 'described', description };
    }
    return { scope: 'always', ...described };
  },
};

/** The `regex` value: one pattern or a list of them (never split: a comma belongs to the pattern). */
function regexList(value: unknown): string[] | undefined {
  if (typeof value === 'string') return value.trim() === '' ? [] : [value.trim()];
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value;
  return undefined;
}
