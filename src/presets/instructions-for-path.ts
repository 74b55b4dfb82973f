import type { Diagnostic } from '../diagnostics.js';
import { nestedInstructions } from '../instructions/nested/nested-instructions.js';
import {
  type ProjectInstructionsOptions,
  projectInstructions,
} from '../instructions/project-instructions.js';
import type { Capability, ContextEvent } from '../session/capability.js';
import { createContextSession } from '../session/context-session.js';
import { type SkillsOptions, skills } from '../skills/skills.js';
import { toLabel } from '../workspace/labels.js';
import { resolvePathInWorkingDirectory } from '../workspace/path-in-working-directory.js';
import type { Workspace } from '../workspace/workspace.js';

/** Options of {@link instructionsForPath}: the project instructions' options, the path, the skills. */
export interface InstructionsForPathOptions extends Omit<ProjectInstructionsOptions, 'workspace'> {
  /** The agent's workspace; its `cwd` is the directory the agent works in. */
  workspace: Workspace;
  /** The file or directory touched: relative to `workspace.cwd`, or absolute; inside `workspace.cwd`. It may not exist yet. */
  path: string;
  /** The skills offered (catalog): options of `skills()`, or `false` for none. Default `{}` (the default asset roots). */
  skills?: SkillsOptions | false;
}

/** Why an agent gets a file, and when ({@link PathInstructionsEntry}). */
export type PathInstructionsReason =
  /** An instruction file of the walk-up from the working directory to the project root. */
  | 'project-instructions'
  /** A file an `@import` of an instruction file pulled in. */
  | 'import'
  /** A rule that applies to every file (scope `always`), among the project instructions. */
  | 'always-rule'
  /** A rule named in the rules catalog by its description (scope `described`). */
  | 'described-rule'
  /** A skill named in the skills catalog (loaded with `load_skill` when a task matches). */
  | 'skill'
  /** The instruction file of a directory between the working directory and the path. */
  | 'nested-instructions'
  /** An `always` rule of a rule folder (`.cursor/rules`, ...) of such a directory: applies to everything in it. */
  | 'folder-rule'
  /** A `described` rule of such a rule folder, named when the path is touched. */
  | 'folder-described-rule'
  /** A `files` rule one of whose globs matches the path. */
  | 'files-rule';

/** One file an agent gets for a path, in delivery order. */
export interface PathInstructionsEntry {
  /** The file, as a label (relative to the working directory). */
  path: string;
  reason: PathInstructionsReason;
  /** `run-start`: in the instructions of every run; `touch`: delivered when the agent touches the path. */
  delivery: 'run-start' | 'touch';
  /** One sentence: why, and when. */
  explanation: string;
  /** `files-rule`: the glob that matched. */
  glob?: string;
  /** `import`: the file whose `@import` pulled it in. */
  importedBy?: string;
  /** `skill`: the skill's name. */
  name?: string;
}

/** Result of {@link instructionsForPath}. */
export interface PathInstructions {
  /** The path, as a label. */
  path: string;
  /** What the path is (a path that does not exist yet counts as a file). */
  kind: 'file' | 'directory';
  /** Every file the agent gets for the path, in delivery order, each with its reason. */
  entries: PathInstructionsEntry[];
  /** The instructions of a run, byte for byte: project instructions, rules catalog, skills catalog (`''` when none). */
  instructions: string;
  /** The texts delivered when the agent touches the path, in order. */
  delivered: string[];
  /** Every problem met on the way (cuts, skipped or unreadable files), in order. */
  diagnostics: Diagnostic[];
  /**
   * What was left out on the way that is not already in `diagnostics`, with why, in order: a skill
   * outside the catalog (no name, shadowed, broken, `disable-model-invocation`), for example. At most
   * 1,000 per capability, the rest counted by a `diagnostics-capped` diagnostic.
   */
  skipped: PathInstructionsSkip[];
}

/** One thing left out for a path ({@link PathInstructions.skipped}). */
export interface PathInstructionsSkip {
  /** The capability that left it out (`skills`, ...). */
  capability: string;
  /** The file, as a label, when it is one. */
  path?: string;
  /** One sentence: what, and why. */
  message: string;
}

/**
 * Everything an agent working in `workspace.cwd` gets when it touches `path`, in delivery order,
 * each with its reason: the project instructions (walk-up, imports, `always` rules), the rules
 * catalog, the skills catalog (all read at run start), then what the touch delivers: the nested
 * instruction files of the directories from the working directory (exclusive) down to the path, the
 * rules of their rule folders, and the `files` rules whose globs match (with the glob). It runs a
 * fresh session of `projectInstructions`, `skills` and `nestedInstructions` (contents), so the answer
 * is what those capabilities deliver, whatever was asked before. `agent-context path` and the MCP
 * tool `instructions_for_path` are this function.
 *
 * Throws `path-outside-workspace` when `path` is outside the working directory (nothing outside it is
 * read), `invalid-path` when it cannot be a path.
 *
 * @example
 * const answer = await instructionsForPath({ workspace: localWorkspace('/repo'), path: 'apps/web/page.tsx' });
 * answer.entries.map((entry) => `${entry.path}: ${entry.reason}`);
 * // ['AGENTS.md: project-instructions', 'apps/web/AGENTS.md: nested-instructions', '.cursor/rules/react.mdc: files-rule']
 */
export async function instructionsForPath(options: InstructionsForPathOptions): Promise<PathInstructions> {
  const { workspace, path, skills: skillsOptions = {}, ...projectOptions } = options;
  const touched = await resolvePathInWorkingDirectory(workspace, path);
  const label = toLabel(workspace, touched.absolute);
  const capabilities: Capability[] = [projectInstructions(projectOptions)];
  if (skillsOptions !== false) {
    capabilities.push(
      skills({
        // One assistant's skills: its own asset roots (`.claude`, `.agents`, ...), listed its way.
        ...(projectOptions.assistant === undefined ? {} : { assistant: projectOptions.assistant }),
        ...(projectOptions.userDirectory === undefined
          ? {}
          : { userDirectory: projectOptions.userDirectory }),
        ...(projectOptions.stopAt === undefined ? {} : { stopAt: projectOptions.stopAt }),
        ...(projectOptions.rootMarkers === undefined ? {} : { rootMarkers: projectOptions.rootMarkers }),
        ...skillsOptions,
      }),
    );
  }
  capabilities.push(
    nestedInstructions({ inject: 'contents', guidance: '', ...touchOptions(projectOptions) }),
  );
  const session = createContextSession({ workspace, capabilities });
  const runStart: ContextEvent[] = [];
  const onTouch: ContextEvent[] = [];
  let touching = false;
  session.on((event) => (touching ? onTouch : runStart).push(event));
  const run = await session.startRun();
  touching = true;
  const kind = touched.stat?.kind === 'directory' ? 'directory' : 'file';
  await session.touch(touched.absolute, { trigger: `instructions for ${label}`, kind });
  const delivered = session
    .placeHiddenMessages([] as never[], () => undefined)
    .map((message) => message.text);
  // A touch names its files rules before it reads the nested files and folder rules, but delivers
  // them after: list them in delivery order.
  const touchRank = (event: ContextEvent) =>
    event.reason === 'rule' && matchedGlob(event) !== undefined ? 1 : 0;
  const touchOrder = onTouch
    .map((event, index) => ({ event, index }))
    .sort((left, right) => touchRank(left.event) - touchRank(right.event) || left.index - right.index)
    .map(({ event }) => event);
  return {
    path: label,
    kind,
    entries: [
      ...runStart.flatMap((event) => runStartEntry(event)),
      ...touchOrder.flatMap((event) => touchEntry(event, label)),
    ],
    instructions: run.instructions,
    delivered,
    diagnostics: [...runStart, ...onTouch].flatMap((event) =>
      event.diagnostic === undefined ? [] : [event.diagnostic],
    ),
    skipped: [...runStart, ...onTouch].flatMap((event) =>
      event.type !== 'skipped' || event.diagnostic !== undefined
        ? []
        : [
            {
              capability: event.capability,
              ...(event.path === undefined ? {} : { path: event.path }),
              message: event.message,
            },
          ],
    ),
  };
}

function runStartEntry(event: ContextEvent): PathInstructionsEntry[] {
  const path = event.path;
  if (path === undefined) return [];
  if (event.capability === 'skills' && event.type === 'surfaced') {
    const name = /^Offered skill (\S+)/.exec(event.message)?.[1];
    return [
      {
        path,
        reason: 'skill',
        delivery: 'run-start',
        ...(name === undefined ? {} : { name }),
        explanation: `skill${name === undefined ? '' : ` ${name}`} (named in the skills catalog of every run; loaded with load_skill when a task matches its description)`,
      },
    ];
  }
  if (event.capability !== 'project-instructions') return [];
  if (event.type === 'surfaced' && event.reason === 'rule') {
    return [
      {
        path,
        reason: 'described-rule',
        delivery: 'run-start',
        explanation: 'described rule (named in the rules catalog of every run; read it when relevant)',
      },
    ];
  }
  if (event.type !== 'loaded') return [];
  if (event.reason === 'import') {
    return [
      {
        path,
        reason: 'import',
        delivery: 'run-start',
        ...(event.trigger === undefined ? {} : { importedBy: event.trigger }),
        explanation: `project instructions (imported by ${event.trigger ?? 'an instruction file'})`,
      },
    ];
  }
  if (event.reason === 'rule') {
    return [
      {
        path,
        reason: 'always-rule',
        delivery: 'run-start',
        explanation: 'always rule (in the project instructions of every run)',
      },
    ];
  }
  return [
    {
      path,
      reason: 'project-instructions',
      delivery: 'run-start',
      explanation: 'project instructions (loaded at every run start)',
    },
  ];
}

function touchEntry(event: ContextEvent, label: string): PathInstructionsEntry[] {
  const path = event.path;
  if (path === undefined) return [];
  const when = `when an agent touches ${label}`;
  if (event.type === 'surfaced' && event.reason === 'rule') {
    return [
      {
        path,
        reason: 'folder-described-rule',
        delivery: 'touch',
        explanation: `described rule of its folder (named with its description ${when}; read it when relevant)`,
      },
    ];
  }
  if (event.type !== 'loaded') return [];
  if (event.reason === 'rule') {
    const glob = matchedGlob(event);
    if (glob === undefined) {
      return [
        {
          path,
          reason: 'folder-rule',
          delivery: 'touch',
          explanation: `rule of its folder (applies to everything in it; delivered ${when})`,
        },
      ];
    }
    return [
      {
        path,
        reason: 'files-rule',
        delivery: 'touch',
        glob,
        explanation: `files rule (delivered ${when}, matched ${glob})`,
      },
    ];
  }
  return [
    {
      path,
      reason: 'nested-instructions',
      delivery: 'touch',
      explanation: `nested instructions (delivered ${when})`,
    },
  ];
}

/** The glob a files rule's touch matched (its trigger ends with ` matched GLOB`). */
function matchedGlob(event: ContextEvent): string | undefined {
  return event.trigger?.match(/ matched (.+)$/)?.[1];
}

/** The file and rule options of the project instructions, so the touch reads the same files and rules. */
function touchOptions(options: Omit<ProjectInstructionsOptions, 'workspace'>) {
  return {
    ...(options.assistant === undefined ? {} : { assistant: options.assistant }),
    ...(options.filenames === undefined ? {} : { filenames: [...options.filenames] }),
    ...(options.perDirectory === undefined ? {} : { perDirectory: options.perDirectory }),
    ...(options.formats === undefined ? {} : { formats: options.formats }),
    ...(options.userDirectory === undefined ? {} : { userDirectory: options.userDirectory }),
    ...(options.rootMarkers === undefined ? {} : { rootMarkers: options.rootMarkers }),
    ...(options.stopAt === undefined ? {} : { stopAt: options.stopAt }),
  };
}
