import { globList, type RuleFormat, textValue } from '../rule-format.js';

/**
 * Cursor: `.cursor/rules/**\/*.mdc` (a plain `.md` there is skipped: Cursor ignores it), globs
 * relative to the folder holding `.cursor`,
 * also in subfolders below the working directory (found when the agent first touches them, scoped
 * to them); legacy `.cursorrules` is always applied. `alwaysApply: true` = always; `globs` (a comma-separated string
 * or a YAML list) = files, shown with its `description` when it has one; only a `description` =
 * described; none of them = manual (`@rule`).
 */
export const cursorFormat: RuleFormat = {
  name: 'cursor',
  title: 'Cursor',
  instructionFilenames: [],
  instructionOverrides: [],
  globsWithoutSlash: 'base-only',
  locations: [
    {
      path: '.cursor/rules',
      kind: 'directory',
      extensions: ['.mdc', '.md'],
      recursive: true,
      nested: true,
    },
    { path: '.cursorrules', kind: 'file', scope: 'always' },
  ],
  userLocations: [],
  read({ data, fileName }) {
    if (!fileName.endsWith('.mdc')) {
      return {
        skip: true,
        code: 'not-read-by-assistant',
        severity: 'info',
        reason: 'Cursor reads only `.mdc` files in `.cursor/rules`; rename it to `.mdc` to make it a rule',
      };
    }
    const description = textValue(data.description);
    const described = description === undefined ? {} : { description };
    if (data.alwaysApply === true || data.alwaysApply === 'true') return { scope: 'always', ...described };
    const globs = globList(data.globs);
    if (globs !== undefined && globs.length > 0) return { scope: 'files', globs, ...described };
    if (description !== undefined) return { scope: 'described', description };
    return { scope: 'manual' };
  },
};
