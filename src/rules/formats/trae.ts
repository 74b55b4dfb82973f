import { globList, type RuleFormat, textValue } from '../rule-format.js';

/**
 * Trae: `.trae/rules/**\/*.md` (`project_rules.md` among them). A file without frontmatter is always
 * applied; with frontmatter, `alwaysApply: true` = always, `globs` = files, only a `description` =
 * described, none of them = manual (`#rule`), as in Cursor's format that Trae's follows.
 */
export const traeFormat: RuleFormat = {
  name: 'trae',
  title: 'Trae',
  instructionFilenames: [],
  instructionOverrides: [],
  locations: [{ path: '.trae/rules', kind: 'directory', extensions: ['.md'], recursive: true }],
  userLocations: [],
  read({ data, hasFrontmatter }) {
    if (!hasFrontmatter) return { scope: 'always' };
    const description = textValue(data.description);
    const described = description === undefined ? {} : { description };
    if (data.alwaysApply === true || data.alwaysApply === 'true') return { scope: 'always', ...described };
    const globs = globList(data.globs);
    if (globs !== undefined && globs.length > 0) return { scope: 'files', globs, ...described };
    if (description !== undefined) return { scope: 'described', description };
    return { scope: 'manual' };
  },
};
