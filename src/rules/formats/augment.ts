import { type RuleFormat, textValue, unknownValue } from '../rule-format.js';

const types = ['always_apply', 'agent_requested', 'manual'] as const;

/**
 * Augment: `.augment/rules/**\/*.md` (and `.mdx`) with `type: always_apply | agent_requested (+
 * description) | manual`, no `type` being manual; `.augment/guidelines.md` and the legacy
 * `.augment-guidelines` are always applied. User level: `~/.augment/rules`, always applied.
 */
export const augmentFormat: RuleFormat = {
  name: 'augment',
  title: 'Augment',
  instructionFilenames: [],
  instructionOverrides: [],
  locations: [
    { path: '.augment/rules', kind: 'directory', extensions: ['.md', '.mdx'], recursive: true },
    { path: '.augment/guidelines.md', kind: 'file', scope: 'always' },
    { path: '.augment-guidelines', kind: 'file', scope: 'always' },
  ],
  userLocations: [
    {
      path: '.augment/rules',
      kind: 'directory',
      extensions: ['.md', '.mdx'],
      recursive: true,
      scope: 'always',
    },
  ],
  read({ data }) {
    const description = textValue(data.description);
    const described = description === undefined ? {} : { description };
    const type = data.type ?? 'manual';
    if (type === 'always_apply') return { scope: 'always', ...described };
    if (type === 'manual') return { scope: 'manual', ...described };
    if (type === 'agent_requested') {
      if (description === undefined) {
        return {
          skip: true,
          code: 'missing-description',
          reason: '`type: agent_requested` needs a `description`',
        };
      }
      return { scope: 'described', description };
    }
    return unknownValue('type', type, types);
  },
};
