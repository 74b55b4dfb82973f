import { globList, type RuleFormat, textValue, unknownValue } from '../rule-format.js';

const triggers = ['always_on', 'glob', 'model_decision', 'manual'] as const;

/**
 * Windsurf: `.windsurf/rules/*.md` (also in subfolders below the working directory, found when the
 * agent first touches them, scoped to them) with `trigger: always_on | glob (+ globs) | model_decision
 * (+ description) | manual`; legacy `.windsurfrules` is always applied. A file without `trigger` is
 * taken as always on (Windsurf's documentation names no default).
 */
export const windsurfFormat: RuleFormat = {
  name: 'windsurf',
  title: 'Windsurf',
  instructionFilenames: [],
  instructionOverrides: [],
  locations: [
    { path: '.windsurf/rules', kind: 'directory', extensions: ['.md'], recursive: true, nested: true },
    { path: '.windsurfrules', kind: 'file', scope: 'always' },
  ],
  userLocations: [],
  read({ data }) {
    const description = textValue(data.description);
    const described = description === undefined ? {} : { description };
    const trigger = data.trigger ?? 'always_on';
    if (trigger === 'always_on') return { scope: 'always', ...described };
    if (trigger === 'manual') return { scope: 'manual', ...described };
    if (trigger === 'model_decision') {
      if (description === undefined) {
        return {
          skip: true,
          code: 'missing-description',
          reason: '`trigger: model_decision` needs a `description`',
        };
      }
      return { scope: 'described', description };
    }
    if (trigger === 'glob') {
      const globs = globList(data.globs);
      if (globs === undefined || globs.length === 0) {
        return { skip: true, code: 'invalid-glob', reason: '`trigger: glob` needs `globs`' };
      }
      return { scope: 'files', globs, ...described };
    }
    return unknownValue('trigger', trigger, triggers);
  },
};
