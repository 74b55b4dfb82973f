import { z } from 'zod';
import {
  type InstructionsForPathOptions,
  instructionsForPath,
  type PathInstructions,
} from '../../presets/instructions-for-path.js';
import type { ToolDefinition } from '../../session/capability.js';
import { assistantNames } from '../../tool-vocabulary/assistant.js';
import type { Workspace } from '../../workspace/workspace.js';
import { mostSpecificFirst } from './most-specific-first.js';

/** Longest path accepted, in characters: far beyond any real one, small enough that a refusal stays short. */
const maxPathChars = 4_096;

const input = z.object({
  path: z
    .string()
    .min(1)
    .max(maxPathChars)
    .describe('A file or directory inside the served directory: relative to it, or absolute.'),
  assistant: z
    .enum(assistantNames)
    .optional()
    .describe(
      'Answer as one coding assistant reads the repository (its files at start and on a read, its rules, import layout and skills). Default: every format.',
    ),
});

/**
 * `instructions_for_path({ path, assistant? })`: what an agent working in the served directory gets when it
 * touches `path`, as `instructionsForPath` (the function behind `agent-context path`) answers: the
 * files in delivery order, each with its reason (project instructions, imports, always and
 * described rules, skills of the catalog, then nested instruction files, folder rules and the
 * `files` rules whose globs match), the problems met, then the texts themselves. The path may name a
 * file that does not exist yet. A path outside the served directory is refused; nothing outside it
 * is read. `assistant` answers as that assistant reads the repository (see docs/assistants.md), in
 * place of the server's formats.
 */
export function instructionsForPathTool(
  workspace: Workspace,
  options: Omit<InstructionsForPathOptions, 'workspace' | 'path'> = {},
): ToolDefinition<z.infer<typeof input>, string> {
  return {
    name: 'instructions_for_path',
    description:
      "What an agent working in this repository gets when it works on a file or directory, in delivery order and each with its reason: the project instructions, the rules and skills catalogs, the nested instruction files (AGENTS.md, CLAUDE.md, GEMINI.md, ... of the directories on the way) and the assistants' path-scoped rules (Cursor, Claude Code, Copilot, ...) whose globs match it.",
    inputSchema: input,
    async execute({ path, assistant }) {
      if (assistant === undefined) {
        return renderPathInstructions(await instructionsForPath({ ...options, workspace, path }));
      }
      // The assistant decides the file names and formats the server was given.
      const { formats: _formats, filenames: _filenames, perDirectory: _perDirectory, ...rest } = options;
      return renderPathInstructions(await instructionsForPath({ ...rest, workspace, path, assistant }));
    },
  };
}

/**
 * The text of `instructions_for_path`, the most specific context first, since a client may keep
 * only the start of a long answer (and `agent-context mcp` sends a long one in parts):
 * 1. what the touch delivers, the nested files of the deepest directories first, then the matching
 *    rules (see `mostSpecificFirst`);
 * 2. the file list with reasons, in delivery order, the problems and what was left out;
 * 3. the project instructions of every run (walk-up files, always rules, rules and skills catalogs),
 *    which an agent working in the directory already has.
 */
export function renderPathInstructions(answer: PathInstructions): string {
  const files = answer.entries.map((entry) => `- ${entry.path}: ${entry.explanation}`);
  const problems = answer.diagnostics.flatMap((diagnostic) =>
    diagnostic.severity === 'info' ? [] : [`- ${diagnostic.severity}: ${diagnostic.message}`],
  );
  const sections = [`# Instructions for ${answer.path}`];
  if (answer.delivered.length > 0) {
    sections.push(
      `## Nested instructions and rules, the most specific first\n\n${mostSpecificFirst(answer)}`,
    );
  }
  sections.push(
    files.length === 0
      ? 'No instruction file applies to this path.'
      : `Files, in the order an agent gets them:\n${files.join('\n')}`,
  );
  if (problems.length > 0) sections.push(`Problems:\n${problems.join('\n')}`);
  if (answer.skipped.length > 0) {
    sections.push(`Left out:\n${answer.skipped.map((skip) => `- ${skip.message}`).join('\n')}`);
  }
  if (answer.instructions !== '') {
    sections.push(`## Project instructions (every run starts with them)\n\n${answer.instructions}`);
  }
  return `${sections.join('\n\n')}\n`;
}
