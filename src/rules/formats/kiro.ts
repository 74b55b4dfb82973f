import { globList, type RuleFormat, textValue, unknownValue } from '../rule-format.js';

const inclusions = ['always', 'fileMatch', 'manual', 'auto'] as const;

/**
 * Kiro: `.kiro/steering/*.md` with `inclusion: always` (the default) | `fileMatch` (+
 * `fileMatchPattern`, one glob or a list) | `manual` | `auto` (+ `description`, read as a described
 * rule). `#[[file:PATH]]` in a body is replaced by that file's text.
 */
export const kiroFormat: RuleFormat = {
  name: 'kiro',
  title: 'Kiro',
  instructionFilenames: [],
  instructionOverrides: [],
  fileReferences: true,
  locations: [{ path: '.kiro/steering', kind: 'directory', extensions: ['.md'], recursive: true }],
  userLocations: [{ path: '.kiro/steering', kind: 'directory', extensions: ['.md'], recursive: true }],
  read({ data }) {
    const description = textValue(data.description);
    const described = description === undefined ? {} : { description };
    const inclusion = data.inclusion ?? 'always';
    if (inclusion === 'always') return { scope: 'always', ...described };
    if (inclusion === 'manual') return { scope: 'manual', ...described };
    if (inclusion === 'auto') {
      if (description === undefined) {
        return { skip: true, code: 'missing-description', reason: '`inclusion: auto` needs a `description`' };
      }
      return { scope: 'described', description };
    }
    if (inclusion === 'fileMatch') {
      const globs = globList(data.fileMatchPattern);
      if (globs === undefined || globs.length === 0) {
        return {
          skip: true,
          code: 'invalid-glob',
          reason: '`inclusion: fileMatch` needs `fileMatchPattern`',
        };
      }
      return { scope: 'files', globs, ...described };
    }
    return unknownValue('inclusion', inclusion, inclusions);
  },
};
