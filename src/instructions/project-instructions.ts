import type { Diagnostic } from '../diagnostics.js';
import type { Capability, ContextEvent, EventReason, Run } from '../session/capability.js';
import type { Workspace } from '../workspace/workspace.js';
import {
  type DiscoverInstructionsOptions,
  discoverInstructions,
  resolveInstructionSettings,
} from './discover-instructions.js';
import type { InstructionDiscovery } from './instruction-file.js';
import { type RenderedInstructions, renderInstructions } from './render-instructions.js';

/** Options of {@link projectInstructions}: those of `discoverInstructions` plus the budget. */
export interface ProjectInstructionsOptions extends Omit<DiscoverInstructionsOptions, 'workspace'> {
  /** Where to look. Default: the run's workspace (`run.workspace`). */
  workspace?: Workspace;
  /** Budget over the rendered text. Default `32_000`. */
  maxChars?: number;
}

/** What one run loaded, kept for inspection. */
export interface ProjectInstructionsSnapshot {
  discovery: InstructionDiscovery;
  rendered: RenderedInstructions;
}

/** The capability returned by {@link projectInstructions}. */
export interface ProjectInstructionsCapability extends Capability {
  readonly name: 'project-instructions';
  /** What the latest run loaded; `undefined` before the first run. */
  readonly latest: ProjectInstructionsSnapshot | undefined;
  /** The rendered instructions of the run (`undefined` when no file was found); computed once per run. */
  instructions(run: Run): Promise<string | undefined>;
}

/**
 * The project instructions capability: at each run start it discovers the instruction files
 * (`discoverInstructions`) and renders them within `maxChars` (`renderInstructions`). The text is
 * read once per run and reused for every call of that run, so the prompt prefix is byte-identical
 * across the run; an edit on disk shows at the next run.
 *
 * Events (nothing is silent): `loaded` for every file in the text, with reason `session-start` on the
 * first run and `run-start` later, or `import` (trigger: the importing file) for imported files; `cut`
 * for a budget cut; `skipped` for every file not delivered (error diagnostics, including files the
 * budget left out); `diagnostic` for the rest (duplicates, cycles).
 *
 * Throws `invalid-option` at once for options that cannot work (e.g. `maxChars: 0`, empty `filenames`).
 *
 * @example
 * const session = createContextSession({ workspace, capabilities: [projectInstructions({ maxChars: 16_000 })] });
 */
export function projectInstructions(options: ProjectInstructionsOptions = {}): ProjectInstructionsCapability {
  const { workspace: givenWorkspace, maxChars, ...discoverOptions } = options;
  // Refuse impossible options now, not at the first run.
  resolveInstructionSettings(discoverOptions);
  renderInstructions({ items: [] }, maxChars === undefined ? {} : { maxChars });
  const perRun = new WeakMap<Run, Promise<string | undefined>>();
  let latest: ProjectInstructionsSnapshot | undefined;

  const load = async (run: Run): Promise<string | undefined> => {
    const workspace = givenWorkspace ?? run.workspace;
    const discovery = await discoverInstructions({ ...discoverOptions, workspace });
    const rendered = renderInstructions(discovery, maxChars === undefined ? {} : { maxChars });
    latest = { discovery, rendered };
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
        reason: item.reason === 'import' ? 'import' : runReason,
        path: item.label,
        ...(importer === undefined ? {} : { trigger: importer }),
        message:
          item.reason === 'import'
            ? `Loaded ${item.label} (${item.characters} characters), imported by ${importer}`
            : `Loaded ${item.label} (${item.characters} characters)`,
      });
    });
    for (const diagnostic of [...discovery.diagnostics, ...rendered.diagnostics]) {
      emit({
        type: eventTypeOf(diagnostic),
        reason: diagnostic.code === 'import-failed' ? 'import' : runReason,
        ...(diagnostic.path === undefined ? {} : { path: diagnostic.path }),
        message: diagnostic.message,
        diagnostic,
      });
    }
    return rendered.text === '' ? undefined : rendered.text;
  };

  return {
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
}

function eventTypeOf(diagnostic: Diagnostic): ContextEvent['type'] {
  if (diagnostic.code === 'truncated') return 'cut';
  if (diagnostic.severity === 'error') return 'skipped';
  return 'diagnostic';
}
