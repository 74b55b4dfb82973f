import { AgentContextError } from '../../errors.js';
import { walkUpDirectories } from '../../project/walk-up-directories.js';
import type { AssistantReading } from '../../rules/assistants/assistant-reading.js';
import { assistantReading } from '../../rules/assistants/index.js';
import { ruleFormats } from '../../rules/formats/index.js';
import { nestedRuleLocations } from '../../rules/load-nested-rules.js';
import type { NestedFile } from '../../rules/nested-file.js';
import { readRenamedFilenames } from '../../rules/read-renamed-filenames.js';
import type { RuleFormatName } from '../../rules/rule.js';
import { ruleListRequests } from '../../rules/rule-list-requests.js';
import { RuleTracker } from '../../rules/rule-tracker.js';
import { rulesOfRun } from '../../rules/rules-of-run.js';
import type { Capability, ContextSessionLike, TouchedPath } from '../../session/capability.js';
import { declareRunStartRequests, runStartWorkspace } from '../../session/run-start-listing.js';
import { declareTouchRequests, toolCallWorkspace } from '../../session/tool-call-listing.js';
import { extractUserInputPaths } from '../../session/user-input-paths.js';
import type { AssistantName } from '../../tool-vocabulary/assistant.js';
import { withCheckedDirectories } from '../../workspace/checked-directories.js';
import { toLabel } from '../../workspace/labels.js';
import type { Workspace } from '../../workspace/workspace.js';
import { instructionDefaults } from '../discover-instructions.js';
import { resolveInstructionFilenames } from '../instruction-filenames.js';
import { listNewDirectories, newDirectoryRequests } from './list-new-directories.js';
import { nestedInstructionDefaults } from './nested-instruction-defaults.js';
import { NestedTracker } from './nested-tracker.js';
import { renderNestedFiles, repoContextPointer } from './render-nested-files.js';
import { type PathExtractor, traversalPaths } from './traversal-paths.js';

/** How surfaced instructions reach the model. */
export type NestedDelivery = 'after-tool-result' | 'in-tool-result' | 'consolidated';

/** Options of {@link nestedInstructions}. Every option is optional. */
export interface NestedInstructionsOptions {
  /** Capability name (events, `describe()`). Default `nested-instructions`. */
  name?: string;
  /**
   * Candidate file names, in per-directory order; a list given here is used as is (no format adds a
   * file or an override to it). Default `['AGENTS.md', 'CLAUDE.md']`, then the per-directory files of the
   * selected `formats` (with every format: `.claude/CLAUDE.md`, `CLAUDE.local.md`, `GEMINI.md`,
   * `QWEN.md`, `AGENT.md`).
   */
  filenames?: string[];
  /** `all` (default): every candidate that exists; `first`: only the first (later names are not even checked). */
  perDirectory?: 'all' | 'first';
  /**
   * `chain` (default): every directory from the workspace cwd (exclusive) down to the touched one,
   * outermost first. `directory`: the touched directory only (RepoContext).
   */
  scope?: 'chain' | 'directory';
  /** `contents` (default): the file bodies. `pointer`: one line naming each file (no read at all). */
  inject?: 'pointer' | 'contents';
  /**
   * `after-tool-result` (default): a hidden user message right after the triggering tool result.
   * `in-tool-result`: appended to the tool result text; a non-string (structured) result is left
   * untouched and the text goes in a hidden message after it instead, so nothing is lost.
   * `consolidated`: one hidden message listing every file so far, re-anchored once per new file.
   */
  delivery?: NestedDelivery;
  /** Host tools whose path argument is a touch. Default `['list_directory', 'read_file']`. */
  traversalToolNames?: string[];
  /** The argument holding the path. Default `path`. */
  traversalPathArg?: string;
  /** Among the traversal tools, those whose path is a directory. Default `['list_directory']`. */
  directoryToolNames?: string[];
  /** Replaces `traversalToolNames` + `traversalPathArg`: read the touched paths from any call. Default: none (those two decide). */
  extractPaths?: PathExtractor;
  /** Per-file character limit in `contents` mode, cut with a visible marker. Default 32,000. */
  maxChars?: number;
  /**
   * Import hops followed from a surfaced file in `contents` mode: its `@path` imports are delivered
   * right after it, as in the walk-up (relative to the file, never outside the workspace root, a
   * failed one replaced by a visible marker); the next hop fails with a marker. `pointer` mode reads
   * no file, so it follows no import. Default `5`.
   */
  maxImportDepth?: number;
  /**
   * Static guidance in the run's instructions. Default `nestedInstructionDefaults.guidance`, a
   * two-sentence note saying directory instructions will appear; `''` for none.
   */
  guidance?: string;
  /** The pointer line of one file. Default {@link repoContextPointer} (RepoContext's text). */
  pointer?: (file: NestedFile) => string;
  /** The text of one message from its files. Default {@link renderNestedFiles}. */
  render?: (files: readonly NestedFile[]) => string;
  /**
   * The assistants' formats read: their per-directory files join the default `filenames` (Codex's
   * `AGENTS.override.md` is read in place of `AGENTS.md`), their `files` rules are delivered on touch
   * (and their `manual` and `described` rules when the user writes `@name`), in the same messages as
   * the nested files. Rules are loaded once per run. Default: every format; `[]` for none.
   */
  formats?: readonly RuleFormatName[];
  /** The user's home directory, for user-level rules (read-only). Default: none (never read). */
  userDirectory?: string;
  /** Names marking the project root, the top of the rules search. Default `['.git']`. */
  rootMarkers?: readonly string[];
  /** The highest directory of the rules search; overrides `rootMarkers`. Default: none. */
  stopAt?: string;
  /**
   * Deliver on touch what one assistant reads there, per its documentation (`assistantReadings`):
   * its files of subdirectories (Claude Code's `CLAUDE.md` files, and `AGENTS.md` where none of them
   * is; nothing for Codex and Zed, which read no file below the working directory), its rule formats,
   * its imports. Cannot be combined with `filenames`, `formats` or `perDirectory`. Default: none, the
   * union of every format.
   */
  assistant?: AssistantName;
}

/**
 * Nested instructions on touch: when the agent touches a path below the workspace
 * cwd, the instruction files of the directories it reaches are surfaced once per session.
 *
 * Touches: a successful tool call's reported paths (the contained file tools report theirs), host
 * tool calls through `traversalToolNames` + `traversalPathArg` or `extractPaths`, `session.touch()`
 * and `session.observeUserInput()`. Failed calls never count. Paths outside the cwd, lexical
 * escapes and (in a contained workspace) symlink escapes surface nothing and read nothing.
 * State is per session (`session.state`), kept across compaction, cleared by `session.reset()`.
 *
 * Decision: touches outside a tool call cannot go into a tool result, so with `in-tool-result` they
 * are delivered as a hidden message after the message given as anchor (or the last one).
 *
 * @example
 * createContextSession({ workspace, capabilities: [fileTools(), nestedInstructions({ inject: 'pointer' })] });
 */
export function nestedInstructions(options: NestedInstructionsOptions = {}): Capability {
  const name = options.name ?? nestedInstructionDefaults.name;
  const inject = options.inject ?? nestedInstructionDefaults.inject;
  const delivery = options.delivery ?? nestedInstructionDefaults.delivery;
  const maxChars = options.maxChars ?? nestedInstructionDefaults.maxChars;
  const maxImportDepth = options.maxImportDepth ?? nestedInstructionDefaults.maxImportDepth;
  if (!Number.isInteger(maxImportDepth) || maxImportDepth < 0) {
    throw new AgentContextError(
      `nestedInstructions: maxImportDepth must be a whole number, 0 or more, got ${maxImportDepth}.`,
      { code: 'invalid-option', reason: 'maxImportDepth' },
    );
  }
  if (!Number.isInteger(maxChars) || maxChars < 1) {
    throw new AgentContextError(`nestedInstructions: maxChars must be a positive integer, got ${maxChars}.`, {
      code: 'invalid-option',
      reason: 'maxChars',
    });
  }
  const reading = options.assistant === undefined ? undefined : assistantReading(options.assistant);
  if (reading !== undefined) {
    for (const key of ['filenames', 'formats', 'perDirectory'] as const) {
      if (options[key] !== undefined) {
        throw new AgentContextError(
          `nestedInstructions: \`${key}\` cannot be combined with \`assistant\`: the assistant's reading decides it.`,
          { code: 'invalid-option', reason: key },
        );
      }
    }
  }
  const names =
    reading === undefined
      ? resolveInstructionFilenames(options.filenames, options.formats, nestedInstructionDefaults.filenames)
      : {
          filenames: [...new Set(reading.onTouch.map((entry) => entry.filename))],
          overrides: new Map(reading.overrides.map((entry) => [entry.replaces, entry.filename])),
        };
  const unlessPresent = new Map(
    (reading?.onTouch ?? []).flatMap((entry) =>
      entry.unlessPresent === undefined ? [] : [[entry.filename, entry.unlessPresent] as const],
    ),
  );
  const decidedAtStart = new Map(
    (reading?.onTouch ?? []).flatMap((entry) =>
      entry.unlessPresent === undefined || !entry.decidedAtStart
        ? []
        : [[entry.filename, entry.unlessPresent] as const],
    ),
  );
  const settings = {
    capability: name,
    ...names,
    perDirectory: reading?.perDirectory ?? options.perDirectory ?? nestedInstructionDefaults.perDirectory,
    scope: options.scope ?? nestedInstructionDefaults.scope,
    inject,
    maxChars,
    maxImportDepth: reading === undefined ? maxImportDepth : (reading.maxImportDepth ?? 0),
    followImports: reading === undefined || reading.maxImportDepth !== undefined,
    unlessPresent,
    decidedAtStart,
    walk: {
      stopAt: options.stopAt,
      rootMarkers: options.rootMarkers ?? instructionDefaults.rootMarkers,
    },
    order: reading?.touchOrder ?? 'root-first',
    importLayout: reading?.importLayout ?? 'appended',
    failedImports: reading?.failedImports ?? 'marker',
    noImports: new Set(
      (reading?.onTouch ?? []).filter((entry) => entry.noImports).map((entry) => entry.filename),
    ),
    ...(reading === undefined ? {} : renamedOnTouch(reading, options)),
    ...(reading === undefined ? {} : { reader: reading.title }),
  } as const;
  const formats = reading?.formats ?? options.formats;
  const traversal = {
    toolNames: [...(options.traversalToolNames ?? nestedInstructionDefaults.traversalToolNames)],
    pathArg: options.traversalPathArg ?? nestedInstructionDefaults.traversalPathArg,
    directoryToolNames: [...(options.directoryToolNames ?? nestedInstructionDefaults.directoryToolNames)],
    extract: options.extractPaths,
  };
  const pointer = options.pointer ?? repoContextPointer;
  const render =
    options.render ?? ((files: readonly NestedFile[]) => renderNestedFiles(files, inject, pointer));
  const guidance = options.guidance ?? nestedInstructionDefaults.guidance;
  // The per-session state key: one capability object may serve many sessions.
  const owner = {};
  const ruleOwner = {};
  const createTracker = (session: ContextSessionLike) =>
    new NestedTracker(session.workspace, settings, (event) => session.emit(event));
  const trackerOf = (session: ContextSessionLike) =>
    session.state(owner, () => createTracker(session), {
      key: `${name}/tracker`,
      // A consolidated message is rendered again from every file; the others never read them again.
      save: (tracker) => tracker.save(delivery === 'consolidated'),
      restore: (saved) => {
        const tracker = createTracker(session);
        tracker.restore(saved);
        return tracker;
      },
    });
  const readsRules = formats === undefined || formats.length > 0;
  // The rule folders looked for in each new directory below the cwd (`.cursor/rules`, ...).
  const nestedLocations = readsRules ? nestedRuleLocations(formats) : [];
  const createRuleTracker = (session: ContextSessionLike) =>
    new RuleTracker(
      session.workspace,
      trackerOf(session).surfaced,
      settings,
      (event) => session.emit(event),
      nestedLocations,
    );
  const ruleTrackerOf = (session: ContextSessionLike) =>
    session.state(ruleOwner, () => createRuleTracker(session), {
      key: `${name}/rules`,
      save: (tracker) => tracker.save(),
      restore: (saved) => {
        const tracker = createRuleTracker(session);
        tracker.restore(saved);
        return tracker;
      },
    });
  const ruleSelection = {
    ...(formats === undefined ? {} : { formats }),
    ...(options.userDirectory === undefined ? {} : { userDirectory: options.userDirectory }),
    ...(options.rootMarkers === undefined ? {} : { rootMarkers: options.rootMarkers }),
    ...(options.stopAt === undefined ? {} : { stopAt: options.stopAt }),
  };

  /**
   * Claims every touch first (synchronously when kinds are known), then checks only if something is
   * new: each new directory's instruction files, then its nested rule folders. A touch whose
   * directory brought new `files` rules is matched again, so the touch that found them gets them.
   */
  /** What a new directory is looked at for (its listing's names, see `newDirectoryRequests`). */
  const newDirectoryNames = (session: ContextSessionLike) => ({
    filenames: [
      ...new Set([
        ...settings.filenames,
        ...settings.overrides.values(),
        ...[...unlessPresent.values()].flat(),
      ]),
    ],
    locations: readsRules ? ruleTrackerOf(session).locations : [],
    instructionBytes: inject === 'contents' ? maxChars * 3 + 4 : undefined,
  });

  /**
   * `reading` is where the new directories are listed: the session's workspace, or the listing a
   * tool prefetched its touches with (see `toolCallWorkspace`), which answers the same requests.
   */
  const surface = (
    session: ContextSessionLike,
    touches: readonly TouchedPath[],
    trigger: (touch: TouchedPath) => string,
    reading: Workspace = session.workspace,
  ): undefined | Promise<{ tracker: NestedTracker; files: NestedFile[] }> => {
    const tracker = trackerOf(session);
    const claims = touches.map((touch) => tracker.claim(touch, () => trigger(touch)));
    const rules = readsRules ? ruleTrackerOf(session) : undefined;
    // Rules are matched after the directories are claimed, so they follow the nested files they refine.
    const matched = rules ? touches.flatMap((touch) => rules.touch(touch, () => trigger(touch))) : [];
    const rematch = () =>
      rules === undefined ? [] : touches.flatMap((touch) => rules.touch(touch, () => trigger(touch)));
    // The folder rules known when the touches were matched: more later means match them again.
    const known = rules?.nestedFilesRules ?? 0;
    if (claims.every(isEmptyClaim)) {
      // A parallel touch may be reading the rule folder of this touch's directory: wait for it.
      const pending = rules?.discoveries();
      if (pending !== undefined) {
        return pending.then(() => ({
          tracker,
          files: (rules?.nestedFilesRules ?? 0) > known ? [...matched, ...rematch()] : matched,
        }));
      }
      return matched.length === 0 ? undefined : Promise.resolve({ tracker, files: matched });
    }
    // One operation, with the session's earlier checks: the ancestors are not checked again. Every
    // new directory of these touches is listed in one request, and both trackers read from it.
    const checking = withCheckedDirectories(async () => {
      const claimed = await Promise.all(claims);
      const listed = await listNewDirectories(reading, claimed.flat(), newDirectoryNames(session));
      const files: NestedFile[] = [];
      for (const [index, directories] of claimed.entries()) {
        const touchTrigger = trigger(touches[index]!);
        files.push(...(await tracker.check(directories, touchTrigger, listed)));
        if (rules !== undefined)
          files.push(...(await rules.discover(directories, touchTrigger, listed)).files);
      }
      return files;
    }, tracker.checkedDirectories);
    // A parallel touch that claimed nothing waits for this one (it may be reading its rule folder).
    rules?.track(checking);
    return checking.then(async (files) => {
      // Parallel touches' discoveries too: an ancestor's rule folder may be read by another touch.
      await rules?.discoveries();
      const later = (rules?.nestedFilesRules ?? 0) > known ? rematch() : [];
      return { tracker, files: [...files, ...matched, ...later] };
    });
  };

  const deliverHidden = (
    session: ContextSessionLike,
    tracker: NestedTracker,
    files: NestedFile[],
    anchor: string | undefined,
  ) => {
    const request =
      delivery === 'consolidated'
        ? { capability: name, text: render(tracker.surfaced), slot: name }
        : { capability: name, text: render(files) };
    session.deliverHidden(anchor === undefined ? request : { ...request, anchor });
  };

  const capability: Capability = {
    name,
    async onRunStart(run) {
      if (!readsRules) return;
      const workspace = await runStartWorkspace(run);
      ruleTrackerOf(run.session).use(await rulesOfRun(run, workspace, ruleSelection, name));
    },
    instructions: () => guidance,
    afterToolCall(call, result, run) {
      if (result.isError) return;
      const fromInput = traversalPaths(call, traversal);
      // The common case (one path from the input, none reported by the tool) skips the dedup pass.
      const touches =
        (result.touched === undefined || result.touched.length === 0) && fromInput.length <= 1
          ? fromInput
          : uniqueTouches([...(result.touched ?? []), ...fromInput]);
      if (touches.length === 0) return;
      const surfacing = surface(
        run.session,
        touches,
        (touch) => `${call.toolName} ${touch.path} (${call.id})`,
        toolCallWorkspace(run, call),
      );
      return surfacing?.then(({ tracker, files }) => {
        if (files.length === 0) return undefined;
        if (delivery === 'in-tool-result' && typeof result.output === 'string') {
          return { output: `${result.output}\n\n${render(files)}` };
        }
        deliverHidden(run.session, tracker, files, call.id);
        return undefined;
      });
    },
    // A call that ran in a worker that stopped before saving: the paths its input names (the
    // traversal tools, as in `afterToolCall`), delivered after its result whatever `delivery` says,
    // since a persisted result is never changed.
    async onReconcile(call, session) {
      const touches = traversalPaths(call, traversal);
      if (touches.length === 0) return;
      const surfaced = await surface(
        session,
        touches,
        (touch) => `${call.toolName} ${touch.path} (${call.id}, reconciled)`,
      );
      if (surfaced && surfaced.files.length > 0)
        deliverHidden(session, surfaced.tracker, surfaced.files, call.id);
    },
    async onTouch(touch, session) {
      const surfaced = await surface(session, [touch], () => touch.trigger);
      if (surfaced && surfaced.files.length > 0)
        deliverHidden(session, surfaced.tracker, surfaced.files, touch.anchor);
    },
    onUserInput(input, session) {
      if (!readsRules) return;
      const { mentions } = extractUserInputPaths(input.text);
      if (mentions.length === 0) return;
      const files = ruleTrackerOf(session).mention(mentions, (mention) => `user input: @${mention}`);
      if (files.length > 0) deliverHidden(session, trackerOf(session), files, input.anchor);
    },
  };
  // A tool that reports its touches before reading lists their new directories in its own batch.
  declareTouchRequests(capability, (touches, run) => {
    const tracker = trackerOf(run.session);
    const directories = [...new Set(touches.flatMap((touch) => tracker.peek(touch)))];
    return directories.length === 0 ? [] : newDirectoryRequests(directories, newDirectoryNames(run.session));
  });
  // The run start's rules come from its one listing.
  return readsRules
    ? declareRunStartRequests(capability, (run) => ruleListRequests(run.workspace, ruleSelection))
    : capability;
}

/** A claim that reaches no new directory, answered without I/O. */
function isEmptyClaim(claim: string[] | Promise<string[]>): boolean {
  return Array.isArray(claim) && claim.length === 0;
}

function uniqueTouches(touches: TouchedPath[]): TouchedPath[] {
  const seen = new Set<string>();
  return touches.filter((touch) => {
    const key = `${touch.kind ?? ''}\0${touch.path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The names an assistant looks for on touch when a repository's settings rename its files (Gemini
 * CLI's `.gemini/settings.json` `context.fileName`, found on the run-start walk as at start): the
 * settings' names, then its own names (recorded on Gemini CLI 0.61.0: a read delivers the renamed
 * files and `GEMINI.md`). Nothing when none of its formats can be renamed.
 */
function renamedOnTouch(
  reading: AssistantReading,
  options: Pick<NestedInstructionsOptions, 'stopAt' | 'rootMarkers'>,
): { touchFilenames?: (workspace: Workspace) => Promise<readonly string[]> } {
  const formats = ruleFormats.filter(
    (format) => reading.formats.includes(format.name) && format.instructionFilenameSetting !== undefined,
  );
  if (formats.length === 0) return {};
  const own = [...new Set(reading.onTouch.map((entry) => entry.filename))];
  return {
    touchFilenames: async (workspace) => {
      const walk = await walkUpDirectories(workspace, {
        stopAt: options.stopAt,
        rootMarkers: options.rootMarkers ?? instructionDefaults.rootMarkers,
      });
      // Problems of the settings file are reported by the project instructions, which read it too.
      const renamed = await readRenamedFilenames(workspace, walk.directories, formats, [], (absolute) =>
        toLabel(workspace, absolute),
      );
      const names = formats.flatMap((format) => renamed.get(format.name) ?? []);
      return [...new Set([...names, ...own])];
    },
  };
}
