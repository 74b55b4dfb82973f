/**
 * The names agent-context's `nestedInstructions()` looks for in a new directory by default (every
 * format): its per-directory instruction files, then the rule folders read in subfolders. The
 * bounds given "the same names" look for each of these.
 */
export const defaultNestedNames = [
  'AGENTS.override.md',
  'AGENTS.md',
  'CLAUDE.md',
  '.claude/CLAUDE.md',
  'CLAUDE.local.md',
  'GEMINI.md',
  '.cursor/rules',
  '.windsurf/rules',
] as const;
