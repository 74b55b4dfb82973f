import { z } from 'zod';
import { nestedInstructions } from '../../instructions/nested/nested-instructions.js';
import {
  type ProjectInstructionsOptions,
  projectInstructions,
} from '../../instructions/project-instructions.js';
import type { ContextEvent, ToolDefinition } from '../../session/capability.js';
import { createContextSession } from '../../session/context-session.js';
import { toLabel } from '../../workspace/labels.js';
import type { Workspace } from '../../workspace/workspace.js';
import { checkServedPath } from './served-path.js';

const input = z.object({
  path: z
    .string()
    .min(1)
    .describe('A file or directory inside the served directory: relative to it, or absolute.'),
});

/**
 * `instructions_for_path({ path })`: the instructions that apply to work on `path`, named and as a
 * session delivers them: the project instructions (walk-up, imports, budget) as `<context-file>`
 * blocks, then the instruction files of the directories from the served directory down to `path`
 * (nested instructions, delivered when an agent touches the path), the rules of the rule folders
 * (`.cursor/rules`, `.windsurf/rules`) of those directories (their `always` rules, and their
 * `described` rules named), then the `files` rules whose globs match the file (delivered on the same
 * touch; a directory matches none). Each call starts from a fresh
 * session, so every file that applies is listed, whatever was asked before. The path may name a file
 * that does not exist yet (its directory's instructions apply to writing it). Problems (a cut, a
 * skipped or unreadable file) are listed after the file list. A path outside the served directory is
 * a tool error; nothing outside it is read.
 */
export function instructionsForPathTool(
  workspace: Workspace,
  options: Omit<ProjectInstructionsOptions, 'workspace'> = {},
): ToolDefinition<z.infer<typeof input>, string> {
  return {
    name: 'instructions_for_path',
    description:
      "The project instructions, the nested instruction files (AGENTS.md, CLAUDE.md, GEMINI.md, ... of the directories on the way) and the assistants' path-scoped rules (Cursor, Claude Code, Copilot, ...) whose globs match a file, that apply to a file or directory, each named, as an agent working in this repository gets them.",
    inputSchema: input,
    async execute({ path }) {
      const served = await checkServedPath(workspace, path);
      const label = toLabel(workspace, served.absolute);
      const session = createContextSession({
        workspace,
        capabilities: [
          projectInstructions(options),
          nestedInstructions({ inject: 'contents', guidance: '', ...touchOptions(options) }),
        ],
      });
      const events: ContextEvent[] = [];
      session.on((event) => events.push(event));
      const run = await session.startRun();
      const kind = served.stat?.kind === 'directory' ? 'directory' : 'file';
      await session.touch(served.absolute, { trigger: `instructions_for_path ${label}`, kind });
      const nested = session
        .placeHiddenMessages([] as never[], () => undefined)
        .map((message) => message.text);
      return renderAnswer(label, run.instructions, nested, events);
    },
  };
}

function renderAnswer(label: string, project: string, nested: string[], events: ContextEvent[]): string {
  // A touch names its files rules before its nested files and folder rules are read, but delivers
  // them after: list them in delivery order.
  const touchRank = (event: ContextEvent) => {
    if (event.capability === 'project-instructions') return 0;
    if (event.reason !== 'rule') return 1;
    return matchedGlob(event) === undefined ? 2 : 3;
  };
  const ordered = events
    .map((event, index) => ({ event, index }))
    .sort((left, right) => touchRank(left.event) - touchRank(right.event) || left.index - right.index)
    .map(({ event }) => event);
  const files = ordered.flatMap((event) => {
    if (event.path === undefined) return [];
    if (event.type === 'surfaced' && event.reason === 'rule') {
      return [
        `- ${event.path}: described rule of its folder (named with its description when an agent touches ${label}; read it when relevant)`,
      ];
    }
    if (event.type !== 'loaded') return [];
    if (event.capability === 'project-instructions') {
      const how = event.reason === 'import' ? `imported by ${event.trigger}` : 'loaded at every run start';
      return [`- ${event.path}: project instructions (${how})`];
    }
    if (event.reason === 'rule') {
      const glob = matchedGlob(event);
      if (glob === undefined) {
        return [
          `- ${event.path}: rule of its folder (applies to everything in it; delivered when an agent touches ${label})`,
        ];
      }
      return [`- ${event.path}: files rule (delivered when an agent touches ${label}, matched ${glob})`];
    }
    return [`- ${event.path}: nested instructions (delivered when an agent touches ${label})`];
  });
  const problems = events.flatMap((event) => {
    const severity = event.diagnostic?.severity;
    if (severity !== 'warning' && severity !== 'error') return [];
    return [`- ${severity}: ${event.message}`];
  });
  const sections = [
    `# Instructions for ${label}`,
    files.length === 0
      ? 'No instruction file applies to this path.'
      : `Files, in the order an agent gets them:\n${files.join('\n')}`,
  ];
  if (problems.length > 0) sections.push(`Problems:\n${problems.join('\n')}`);
  if (project !== '') sections.push(`## Project instructions\n\n${project}`);
  if (nested.length > 0) sections.push(`## Nested instructions and rules\n\n${nested.join('\n\n')}`);
  return `${sections.join('\n\n')}\n`;
}

/** The glob a files rule's touch matched (its trigger ends with ` matched GLOB`). */
function matchedGlob(event: ContextEvent): string | undefined {
  return event.trigger?.match(/ matched (.+)$/)?.[1];
}

/** The file and rule options of the project instructions, so the touch reads the same files and rules. */
function touchOptions(options: Omit<ProjectInstructionsOptions, 'workspace'>) {
  const { stopAt } = options;
  return {
    ...(options.filenames === undefined ? {} : { filenames: [...options.filenames] }),
    ...(options.perDirectory === undefined ? {} : { perDirectory: options.perDirectory }),
    ...(options.formats === undefined ? {} : { formats: options.formats }),
    ...(options.userDirectory === undefined ? {} : { userDirectory: options.userDirectory }),
    ...(options.rootMarkers === undefined ? {} : { rootMarkers: options.rootMarkers }),
    ...(stopAt === undefined ? {} : { stopAt }),
  };
}
