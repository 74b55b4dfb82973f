import { capDiagnostics } from '../cap-diagnostics.js';
import type { Diagnostic } from '../diagnostics.js';
import { assistantReading } from '../rules/assistants/index.js';
import type { RulesLoad } from '../rules/load-rules.js';
import { renderRulesCatalog } from '../rules/render-rules-catalog.js';
import type { RuleFormatName } from '../rules/rule.js';
import { ruleListRequests } from '../rules/rule-list-requests.js';
import { rulesOfRun } from '../rules/rules-of-run.js';
import type { Capability, ContextEvent, EventReason, Run } from '../session/capability.js';
import { declareRunStartRequests, runStartWorkspace } from '../session/run-start-listing.js';
import type { Workspace } from '../workspace/workspace.js';
import { addAlwaysRules } from './add-always-rules.js';
import { assistantInstructions, unlimitedCharacters } from './assistant-instructions.js';
import {
  type DiscoverInstructionsOptions,
  discoverInstructions,
  resolveInstructionSettings,
} from './discover-instructions.js';
import type { InstructionDiscovery } from './instruction-file.js';
import { instructionListRequests } from './instruction-list-requests.js';
import { joinInstructionText } from './instruction-text.js';
import { type RenderedInstructions, renderInstructions } from './render-instructions.js';

/** Options of {@link projectInstructions}: those of `discoverInstructions` plus the budget. */
export interface ProjectInstructionsOptions extends Omit<DiscoverInstructionsOptions, 'workspace'> {
  /** Where to look. Default: the run's workspace (`run.workspace`). */
  workspace?: Workspace;
  /**
   * Budget over the rendered text. Default `32_000`; with `assistant`, none beyond the assistant's
   * own (Codex: 32 KiB of files from the root down, the rest cut or left out with diagnostics).
   */
  maxChars?: number;
  /**
   * The assistants' formats read: their per-directory files (`GEMINI.md`, `CLAUDE.local.md`, ...)
   * and `always` rules join the instruction files, their `described` rules are listed in a catalog
   * block, and Codex's `AGENTS.override.md` replaces `AGENTS.md`. Default: every format; `[]` for none.
   */
  formats?: readonly RuleFormatName[];
  /**
   * The user's home directory: user-level rules are read from it (read-only, before the project's),
   * and `@~/` imports mean it. Default: no user-level rules; `@~/` means `os.homedir()`.
   */
  userDirectory?: string;
}

/** What one run loaded, kept for inspection. */
export interface ProjectInstructionsSnapshot {
  /** The instruction files, with the `always` rules among them (reason `rule`). */
  discovery: InstructionDiscovery;
  rendered: RenderedInstructions;
  /** Every rule found (all scopes), with the rule diagnostics. */
  rules: RulesLoad;
  /** The rules catalog block (`''` when no rule is `described`). */
  catalog: string;
}

/** The capability returned by {@link projectInstructions}. */
export interface ProjectInstructionsCapability extends Capability {
  readonly name: 'project-instructions';
  /** What the latest run loaded; `undefined` before the first run. */
  readonly latest: ProjectInstructionsSnapshot | undefined;
  /**
   * The rendered instructions of the run, then the rules catalog after a blank line when there is
   * one (`undefined` when there is nothing); computed once per run.
   */
  instructions(run: Run): Promise<string | undefined>;
}

/**
 * The project instructions capability: at each run start it discovers the instruction files
 * (`discoverInstructions`), adds the `always` rules of the assistants' rule formats (`loadRules`),
 * and renders them within `maxChars` (`renderInstructions`); the `described` rules follow in a
 * catalog block (`renderRulesCatalog`), outside the budget. The text is
 * read once per run and reused for every call of that run, so the prompt prefix is byte-identical
 * across the run; an edit on disk shows at the next run.
 *
 * Events (nothing is silent): `loaded` for every file in the text, with reason `session-start` on the
 * first run and `run-start` later, `import` (trigger: the importing file) for imported files, or
 * `rule` for always rules; `surfaced` (reason `rule`) for each rule named in the catalog; `cut`
 * for a budget cut; `skipped` for every file not delivered (error diagnostics, including files the
 * budget left out); `diagnostic` for the rest (duplicates, cycles).
 *
 * Throws `invalid-option` at once for options that cannot work (e.g. `maxChars: 0`, empty `filenames`).
 *
 * @example
 * const session = createContextSession({ workspace, capabilities: [projectInstructions({ maxChars: 16_000 })] });
 */
export function projectInstructions(options: ProjectInstructionsOptions = {}): ProjectInstructionsCapability {
  const {
    workspace: givenWorkspace,
    maxChars: givenMaxChars,
    formats,
    userDirectory,
    ...discoverOptions
  } = options;
  const reading = options.assistant === undefined ? undefined : assistantReading(options.assistant);
  const maxChars = givenMaxChars ?? (reading === undefined ? undefined : unlimitedCharacters);
  const ruleFormats = reading?.formats ?? formats;
  const selection = {
    ...(ruleFormats === undefined ? {} : { formats: ruleFormats }),
    ...(userDirectory === undefined ? {} : { userDirectory }),
    ...(discoverOptions.rootMarkers === undefined ? {} : { rootMarkers: discoverOptions.rootMarkers }),
    ...(discoverOptions.stopAt === undefined ? {} : { stopAt: discoverOptions.stopAt }),
    ...(discoverOptions.maxFileBytes === undefined ? {} : { maxFileBytes: discoverOptions.maxFileBytes }),
  };
  // Refuse impossible options now, not at the first run.
  resolveInstructionSettings({ ...discoverOptions, ...(formats === undefined ? {} : { formats }) });
  renderInstructions({ items: [] }, maxChars === undefined ? {} : { maxChars });
  const perRun = new WeakMap<Run, Promise<string | undefined>>();
  let latest: ProjectInstructionsSnapshot | undefined;

  const load = async (run: Run): Promise<string | undefined> => {
    const workspace = givenWorkspace ?? (await runStartWorkspace(run));
    const rules = await rulesOfRun(run, workspace, selection, 'project-instructions');
    const found = await discoverInstructions({
      ...discoverOptions,
      ...(formats === undefined ? {} : { formats }),
      ...(userDirectory === undefined ? {} : { userDirectory }),
      workspace,
    });
    const discovery =
      reading === undefined
        ? addAlwaysRules(found, rules.items)
        : assistantInstructions(found, rules.items, reading);
    const rendered = renderInstructions(discovery, maxChars === undefined ? {} : { maxChars });
    const catalog = renderRulesCatalog(rules.items);
    latest = { discovery, rendered, rules, catalog };
    const runReason: EventReason = run.index <= 1 ? 'session-start' : 'run-start';
    const emit = (event: Omit<ContextEvent, 'capability'>) =>
      run.emit({ ...event, capability: 'project-instructions' });
    const labels = new Map(discovery.items.map((item) => [item.path, item.label]));
    discovery.items.forEach((item, index) => {
      // A file the budget left out never reaches the model: its `skipped` event below says so.
      if (rendered.files[index]?.status === 'omitted') return;
      const importer = item.importedBy === undefined ? undefined : labels.get(item.importedBy);
      emit({
        type: 'loaded',
        reason: item.reason === 'import' ? 'import' : item.reason === 'rule' ? 'rule' : runReason,
        path: item.label,
        ...(importer === undefined ? {} : { trigger: importer }),
        message:
          item.reason === 'import'
            ? `Loaded ${item.label} (${item.characters} characters), imported by ${importer}`
            : item.rule !== undefined
              ? `Loaded ${item.label} (${item.characters} characters), an always rule (${item.rule.format})`
              : `Loaded ${item.label} (${item.characters} characters)`,
      });
    });
    for (const rule of rules.items) {
      if (rule.scope !== 'described') continue;
      emit({
        type: 'surfaced',
        reason: 'rule',
        path: rule.path,
        message: `Named ${rule.path} (${rule.format}) in the rules catalog; the agent reads it when relevant.`,
      });
    }
    const rulePaths = new Set(rules.items.map((rule) => rule.path));
    // Discovery's diagnostics come capped; the budget's cuts (one per file at most) are capped apart,
    // so a file with many broken imports still reports its cut.
    for (const diagnostic of [...discovery.diagnostics, ...capDiagnostics(rendered.diagnostics)]) {
      const ofRule = diagnostic.path !== undefined && rulePaths.has(diagnostic.path);
      emit({
        type: ofRule && diagnostic.code === 'duplicate' ? 'skipped' : eventTypeOf(diagnostic),
        reason: diagnostic.code === 'import-failed' ? 'import' : ofRule ? 'rule' : runReason,
        ...(diagnostic.path === undefined ? {} : { path: diagnostic.path }),
        message: diagnostic.message,
        diagnostic,
      });
    }
    const text = joinInstructionText(rendered.text, catalog);
    return text === '' ? undefined : text;
  };

  const capability: ProjectInstructionsCapability = {
    name: 'project-instructions',
    get latest() {
      return latest;
    },
    instructions(run) {
      // Cached per run so a second call within the run can never see a mid-run edit.
      let text = perRun.get(run);
      if (text === undefined) {
        text = load(run);
        perRun.set(run, text);
      }
      return text;
    },
  };
  // Read through the run's workspace: every walk-up file and rule in the run start's one listing.
  return givenWorkspace !== undefined
    ? capability
    : declareRunStartRequests(capability, (run) => [
        ...instructionListRequests(run.workspace, {
          ...discoverOptions,
          ...(formats === undefined ? {} : { formats }),
        }),
        ...ruleListRequests(run.workspace, selection),
      ]);
}

function eventTypeOf(diagnostic: Diagnostic): ContextEvent['type'] {
  if (diagnostic.code === 'truncated') return 'cut';
  if (diagnostic.code === 'replaced') return 'skipped';
  if (diagnostic.severity === 'error') return 'skipped';
  return 'diagnostic';
}
