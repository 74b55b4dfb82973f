import { capDiagnostics } from '../cap-diagnostics.js';
import type { Diagnostic } from '../diagnostics.js';
import { AgentContextError, describeError } from '../errors.js';
import { parseFrontmatter } from '../frontmatter/parse-frontmatter.js';
import type { Capability, ContextEvent, ContextSessionLike, Run } from '../session/capability.js';
import { listBundledFiles } from '../skills/list-bundled-files.js';
import { renderLoadedSkill } from '../skills/render-skill.js';
import type { LoadableSkill, SkillsCapability } from '../skills/skills.js';
import { omittedBytes, truncationMarker } from '../text/cut-text.js';
import { isInside } from '../workspace/paths.js';
import { readTextFile } from '../workspace/read-text-file.js';
import { allowedToolsOf, type Command, type CommandExpansion, type CommandFormatName } from './command.js';
import { commandsDefaults } from './commands-defaults.js';
import { expandTemplate, type ReferenceRead } from './expand-template.js';
import { loadCommands } from './load-commands.js';
import { type CommandInput, parseCommandInput } from './parse-command-input.js';
import { placesArguments } from './places-arguments.js';
import { type CommandsRunOption, runShellLine, type ShellLineSettings } from './run-shell-line.js';
import { shellLinePermission } from './shell-line-permission.js';

/** Options of {@link commands}. */
export interface CommandsOptions {
  /** The command formats read, in this order within a directory. Default `['claude', 'gemini', 'copilot', 'cursor', 'opencode']` (every format). */
  formats?: readonly CommandFormatName[];
  /** The highest directory whose command folders are read. Default: the project root (`rootMarkers`). */
  stopAt?: string;
  /** Names that mark the project root when there is no `stopAt`. Default `['.git']`. */
  rootMarkers?: readonly string[];
  /** Depth bound of the nested formats' walk. Default 8. */
  maxDepth?: number;
  /**
   * Offer the commands of the plugin folders the project root's marketplace files name, typed
   * `/PLUGIN:NAME` (and `/NAME` when no other command has that name). Default `true`.
   */
  plugins?: boolean;
  /**
   * Offer the session's skills (from its `skills()` capability) as `/name` commands, as Claude Code
   * does; a skill wins a name clash with a command file. Default `true`.
   */
  skills?: boolean;
  /**
   * Which shell lines of command templates (`` !`cmd` ``, ```` ```! ```` blocks, `!{cmd}`) run. Running
   * one is running the repository's code with the host's rights, so the default runs none: each is
   * `[shell command not run: cmd]` in the text and a `skipped` event. `true` runs the lines the
   * command's own permissions allow (`shellLinePermission`: read-only commands and `allowed-tools`
   * `Bash` rules for Claude Code, none for Gemini CLI) and refuses a command with any other line as
   * a whole (`command-refused`, thrown before anything runs); a function decides per line in their
   * place (called once per line and command file per session).
   * @default false
   */
  run?: CommandsRunOption;
  /** Time limit of one shell line, in seconds; then its whole process group is killed. @default 60 */
  timeoutSeconds?: number;
  /** Bytes kept of each shell line's stdout, and of its stderr; the rest is cut visibly. @default 65536 */
  maxOutputBytes?: number;
}

/** A command as a host lists it (its template is read when it is invoked). */
export type CommandSummary = Omit<Command, 'body'> & {
  /**
   * The command expects arguments: its template places them (`$ARGUMENTS`, `$1`, `{{args}}`,
   * `${input:x}`), or it declares an `argument-hint` (a skill: its hint only).
   */
  takesArguments: boolean;
};

/** The {@link commands} capability, with the listing for a host's UI. */
export interface CommandsCapability extends Capability {
  /**
   * The commands a user can type, in listing order (skills first, then command files: nearest
   * directory, then format order, then path). Within a run, the run's commands (read once per run);
   * before the first run, read afresh and without skills.
   */
  list(session: ContextSessionLike & { readonly currentRun?: Run | undefined }): Promise<CommandSummary[]>;
}

interface Entry {
  summary: CommandSummary;
  /** The template of a command file; a skill's is read when invoked. */
  body?: string;
  skill?: LoadableSkill;
}

interface Catalog {
  entries: Entry[];
  byName: Map<string, Entry>;
}

/**
 * Slash commands: every format's command files (see `loadCommands`) and the session's skills, as one
 * set of `/name` commands. A user input that starts with `/name` is expanded the way the command's
 * assistant does (see `expandTemplate`) when the session expands it (`session.expandCommand(text)`,
 * and every adapter for the newest user messages); an unknown name passes through unchanged, with
 * a `skipped` event. Files that `@path` references name are read through the workspace and count as
 * touches (nested instructions and rules follow). Shell lines of templates run only when the host
 * allows it (`run`); otherwise each is a `skipped` event and a `[shell command not run: ...]` line in
 * the text.
 *
 * Commands are read once per run, on the first expansion or listing (a run whose user never types a
 * command reads nothing). A skill with `user-invocable: false` is not a command.
 *
 * @example
 * createContextSession({ workspace, capabilities: [fileTools(), skills(), commands()] });
 * await session.expandCommand('/review src/auth.ts'); // { text: 'Review src/auth.ts for bugs...', command: {...} }
 */
export function commands(options: CommandsOptions = {}): CommandsCapability {
  const name = 'commands';
  const perRun = new WeakMap<Run, Promise<Catalog>>();
  const useSkills = options.skills ?? commandsDefaults.skills;
  const shell: ShellLineSettings = {
    capability: name,
    run: options.run ?? commandsDefaults.run,
    timeoutSeconds: options.timeoutSeconds ?? commandsDefaults.timeoutSeconds,
    maxOutputBytes: options.maxOutputBytes ?? commandsDefaults.maxOutputBytes,
    owner: {},
  };

  const load = async (session: ContextSessionLike, run: Run | undefined): Promise<Catalog> => {
    const emit = (event: Omit<ContextEvent, 'capability' | 'reason'>) =>
      session.emit({ ...event, capability: name, reason: 'command' });
    const loaded = await loadCommands({
      workspace: session.workspace,
      ...(options.formats === undefined ? {} : { formats: options.formats }),
      ...(options.stopAt === undefined ? {} : { stopAt: options.stopAt }),
      ...(options.rootMarkers === undefined ? {} : { rootMarkers: options.rootMarkers }),
      ...(options.maxDepth === undefined ? {} : { maxDepth: options.maxDepth }),
      ...(options.plugins === undefined ? {} : { plugins: options.plugins }),
    });
    const diagnostics: Diagnostic[] = [...loaded.diagnostics];
    const entries: Entry[] = [];
    const byName = new Map<string, Entry>();
    if (useSkills && run !== undefined) {
      for (const found of await skillsOfRun(run)) {
        if (!found.skill.userInvocable || byName.has(found.skill.name)) continue;
        const entry: Entry = {
          summary: {
            name: found.skill.name,
            namespace: null,
            description: found.skill.description,
            argumentHint: found.skill.argumentHint,
            allowedTools: allowedToolsOf(found.skill.attributes['allowed-tools']),
            format: 'skill',
            path: found.skill.path,
            takesArguments: Boolean(found.skill.argumentHint),
          },
          skill: found,
        };
        entries.push(entry);
        byName.set(entry.summary.name, entry);
      }
    }
    for (const command of loaded.commands) {
      const skill = byName.get(command.name);
      if (skill) {
        const message = `The command /${command.name} of ${command.path} is shadowed by the skill of ${skill.summary.path}: a skill wins a name clash, as in Claude Code.`;
        diagnostics.push({ severity: 'info', code: 'shadowed-command', message, path: command.path });
        continue;
      }
      const { body, ...rest } = command;
      const takesArguments = Boolean(command.argumentHint) || placesArguments(body, command.format);
      const entry: Entry = { summary: { ...rest, takesArguments }, body };
      entries.push(entry);
      byName.set(command.name, entry);
    }
    for (const [alias, target] of loaded.aliases) {
      const entry = byName.get(target);
      if (entry && !byName.has(alias)) byName.set(alias, entry);
    }
    // A hostile repository gives at most 20 reports per file and 1,000 in all, with a count of the rest.
    for (const diagnostic of capDiagnostics(diagnostics)) {
      emit({
        type: 'diagnostic',
        message: diagnostic.message,
        diagnostic,
        ...(diagnostic.path ? { path: diagnostic.path } : {}),
      });
    }
    return { entries, byName };
  };

  const catalogOf = (session: ContextSessionLike, run: Run | undefined): Promise<Catalog> => {
    if (run === undefined) return load(session, undefined);
    let catalog = perRun.get(run);
    if (!catalog) {
      catalog = load(session, run);
      perRun.set(run, catalog);
    }
    return catalog;
  };

  const expand = async (
    text: string,
    session: ContextSessionLike,
    run: Run | undefined,
  ): Promise<CommandExpansion | undefined> => {
    const input = parseCommandInput(text);
    if (input === undefined) return undefined;
    const emit = (event: Omit<ContextEvent, 'capability' | 'reason'>) =>
      session.emit({ ...event, capability: name, reason: 'command' });
    const entry = (await catalogOf(session, run)).byName.get(input.name);
    if (!entry) {
      emit({
        type: 'skipped',
        trigger: 'user input',
        message: `Unknown command /${input.name}: the input passes through unchanged.`,
      });
      return undefined;
    }
    const { summary } = entry;
    const template = entry.skill
      ? await skillTemplate(entry.skill)
      : { ok: true as const, body: entry.body ?? '' };
    if (!template.ok) {
      const message = `Command /${input.name}: ${template.reason}; the input passes through unchanged.`;
      emit({ type: 'skipped', path: summary.path, trigger: 'user input', message });
      return undefined;
    }
    const refusal = shell.run === true ? await refusedShellLine(template.body, summary, input) : undefined;
    if (refusal !== undefined) {
      const message = `Command /${input.name} was refused: its shell line ${refusal}. Nothing ran and the command was not sent; add a Bash rule to the command's allowed-tools, or decide each line with ${name}({ run: (line) => ... }).`;
      emit({ type: 'skipped', path: summary.path, trigger: 'user input', message });
      throw new AgentContextError(message, { code: 'command-refused', reason: refusal, path: summary.path });
    }
    const expansion = await expandTemplate({ body: template.body, format: summary.format }, input, {
      readReference: (path) => readReference(session, path),
      runShell: (command) =>
        runShellLine(
          { command, name: input.name, format: summary.format, source: summary.path },
          session,
          shell,
        ),
    });
    for (const unread of expansion.unread) {
      const message = `Command /${input.name}: ${unread.path} was not read (${unread.reason}).`;
      emit({
        type: 'diagnostic',
        path: summary.path,
        message,
        diagnostic: { severity: 'warning', code: 'reference-not-read', message, path: summary.path },
      });
    }
    const body = entry.skill
      ? await renderSkillCommand(entry.skill, expansion.text, skillsToolName(run))
      : expansion.text;
    emit({
      type: 'loaded',
      path: summary.path,
      trigger: 'user input',
      message: `Command /${input.name} expanded from ${summary.path}${expansion.references.length > 0 ? ` with ${expansion.references.join(', ')}` : ''}.`,
    });
    for (const path of expansion.references) {
      await session.touch(path, { kind: 'file', trigger: `/${input.name} @${path}` });
    }
    return { text: body, command: { name: summary.name, format: summary.format, path: summary.path } };
  };

  return {
    name,
    expandCommand: (text, session, run) => expand(text, session, run),
    async list(session) {
      return (await catalogOf(session, session.currentRun)).entries.map((entry) => ({ ...entry.summary }));
    },
  };
}

/**
 * Under `run: true`, the first shell line of the template its command's own permissions do not allow
 * (see `shellLinePermission`), as `\`line\` needs permission: why`; `undefined` when every line may
 * run. The lines are found by expanding the template without reading or running anything, so they
 * are checked as they would run (arguments substituted), before any of them runs.
 */
async function refusedShellLine(
  body: string,
  summary: CommandSummary,
  input: CommandInput,
): Promise<string | undefined> {
  const lines: string[] = [];
  await expandTemplate({ body, format: summary.format }, input, {
    readReference: async () => ({ reason: 'not read while the shell lines are checked' }),
    runShell: async (line) => {
      lines.push(line);
      return '';
    },
  });
  for (const line of lines) {
    const permission = shellLinePermission(line, summary.format, summary.allowedTools);
    if (!permission.allowed) return `\`${line}\` (${permission.reason})`;
  }
  return undefined;
}

/** The usable skills of the run's `skills()` capability, or none. */
async function skillsOfRun(run: Run): Promise<readonly LoadableSkill[]> {
  const capability = run.capabilities.find(isSkillsCapability);
  return capability ? capability.usableSkills(run) : [];
}

function skillsToolName(run: Run | undefined): string {
  return run?.capabilities.find(isSkillsCapability)?.toolName ?? 'load_skill';
}

function isSkillsCapability(capability: Capability): capability is SkillsCapability {
  return typeof (capability as Partial<SkillsCapability>).usableSkills === 'function';
}

/** A skill's `SKILL.md` body, read when the skill is invoked. */
async function skillTemplate(
  found: LoadableSkill,
): Promise<{ ok: true; body: string } | { ok: false; reason: string }> {
  try {
    const file = await readTextFile(found.workspace, `${found.directory}/SKILL.md`, {
      maxBytes: commandsDefaults.maxFileBytes,
    });
    if (file.binary) return { ok: false, reason: `${found.skill.path} is now a binary file` };
    return {
      ok: true,
      body: parseFrontmatter(file.text, found.skill.path).body.replace(/^(?:[ \t]*\r?\n)+/, ''),
    };
  } catch (error) {
    return { ok: false, reason: `${found.skill.path} could not be read (${describeError(error)})` };
  }
}

/** A skill invoked as a command: the expanded body after the header `load_skill` gives. */
async function renderSkillCommand(found: LoadableSkill, body: string, toolName: string): Promise<string> {
  const bundled = await listBundledFiles(found.workspace, found.directory);
  return renderLoadedSkill(
    found.skill,
    body.trimEnd(),
    bundled,
    found.inWorkspace ? { tool: 'read_file' } : { tool: 'load_skill', toolName },
  );
}

/** A file an `@path` reference names: inside the working directory, text, at most 256 KiB. */
async function readReference(session: ContextSessionLike, path: string): Promise<ReferenceRead> {
  const { workspace } = session;
  try {
    if (!isInside(workspace.cwd, workspace.resolve(path))) return { reason: 'outside the working directory' };
    const stat = await workspace.stat(path);
    if (stat?.kind !== 'file') return { reason: stat === undefined ? 'no such file' : 'not a file' };
    const file = await readTextFile(workspace, path, { maxBytes: commandsDefaults.maxReferenceBytes });
    if (file.binary) return { reason: 'a binary file' };
    const cut = file.truncated ? `\n${truncationMarker(path, omittedBytes(file.size, file.text))}` : '';
    return { text: file.text + cut };
  } catch (error) {
    return { reason: describeError(error) };
  }
}

export type { CommandInput };
