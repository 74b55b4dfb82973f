import { globList, type RuleFormat, textValue } from '../rule-format.js';

const everyFile = new Set(['**', '**/*']);

/**
 * GitHub Copilot: `.github/copilot-instructions.md` (always) and
 * `.github/instructions/**\/*.instructions.md`, whose `applyTo` (comma-separated globs relative to
 * the repository root) makes a files rule; `**` or `**\/*` means always; no `applyTo` means manual.
 * `excludeAgent: coding-agent` (a rule for code review only) is skipped; `code-review` is kept.
 */
export const githubCopilotFormat: RuleFormat = {
  name: 'github-copilot',
  title: 'GitHub Copilot',
  instructionFilenames: [],
  instructionOverrides: [],
  locations: [
    { path: '.github/copilot-instructions.md', kind: 'file', scope: 'always' },
    { path: '.github/instructions', kind: 'directory', extensions: ['.instructions.md'], recursive: true },
  ],
  userLocations: [{ path: '.copilot/copilot-instructions.md', kind: 'file', scope: 'always' }],
  read({ data }) {
    const excluded = typeof data.excludeAgent === 'string' ? data.excludeAgent.trim() : undefined;
    if (excluded === 'coding-agent') {
      return {
        skip: true,
        code: 'excluded-agent',
        severity: 'info',
        reason: '`excludeAgent: coding-agent` keeps it from coding agents (it is for code review)',
      };
    }
    const description = textValue(data.description);
    const described = description === undefined ? {} : { description };
    if (data.applyTo === undefined) return { scope: 'manual', ...described };
    const globs = globList(data.applyTo);
    if (globs === undefined || globs.length === 0) {
      return { skip: true, code: 'invalid-glob', reason: '`applyTo` is not a comma-separated list of globs' };
    }
    if (globs.some((glob) => everyFile.has(glob))) return { scope: 'always', ...described };
    return { scope: 'files', globs, ...described };
  },
};
