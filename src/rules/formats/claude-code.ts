import { globList, type RuleFormat } from '../rule-format.js';

/**
 * Claude Code: `.claude/rules/**\/*.md`; no `paths` is an always rule, `paths` (one glob or a list,
 * relative to the project) makes it load when a matching file is read. `CLAUDE.md`,
 * `.claude/CLAUDE.md` and `CLAUDE.local.md` are per-directory instruction files.
 */
export const claudeCodeFormat: RuleFormat = {
  name: 'claude-code',
  title: 'Claude Code',
  instructionFilenames: ['CLAUDE.md', '.claude/CLAUDE.md', 'CLAUDE.local.md'],
  instructionOverrides: [],
  globsWithoutSlash: 'base-only',
  locations: [{ path: '.claude/rules', kind: 'directory', extensions: ['.md'], recursive: true }],
  userLocations: [
    { path: '.claude/CLAUDE.md', kind: 'file', scope: 'always' },
    { path: '.claude/rules', kind: 'directory', extensions: ['.md'], recursive: true },
  ],
  read({ data }) {
    if (data.paths === undefined) return { scope: 'always' };
    const globs = globList(data.paths);
    if (globs === undefined || globs.length === 0) {
      return { skip: true, code: 'invalid-glob', reason: '`paths` is neither a glob nor a list of globs' };
    }
    return { scope: 'files', globs };
  },
};
