import { globList, type RuleFormat, textValue } from '../rule-format.js';

/**
 * Cline: a `.clinerules` file, or the Markdown files of a `.clinerules/` (or `.cline/rules/`)
 * folder; always applied, unless a `paths` list makes the rule conditional on matching files.
 */
export const clineFormat: RuleFormat = {
  name: 'cline',
  title: 'Cline',
  instructionFilenames: [],
  instructionOverrides: [],
  locations: [
    { path: '.clinerules', kind: 'file', scope: 'always' },
    { path: '.clinerules', kind: 'directory', extensions: ['.md'], recursive: true },
    { path: '.cline/rules', kind: 'directory', extensions: ['.md'], recursive: true },
  ],
  userLocations: [],
  read({ data }) {
    const description = textValue(data.description);
    const described = description === undefined ? {} : { description };
    if (data.paths === undefined) return { scope: 'always', ...described };
    const globs = globList(data.paths);
    if (globs === undefined || globs.length === 0) {
      return { skip: true, code: 'invalid-glob', reason: '`paths` is not a list of globs' };
    }
    return { scope: 'files', globs, ...described };
  },
};
