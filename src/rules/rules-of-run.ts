import type { Diagnostic } from '../diagnostics.js';
import type { ContextEvent, Run } from '../session/capability.js';
import type { Workspace } from '../workspace/workspace.js';
import { type LoadRulesOptions, loadRules, type RulesLoad } from './load-rules.js';

/** The options that decide what `loadRules` finds (the workspace aside). */
export type RuleSelection = Omit<LoadRulesOptions, 'workspace'>;

const loads = new WeakMap<Run, Map<Workspace, Map<string, Promise<RulesLoad>>>>();

/**
 * The rules of a run, loaded once per run whatever number of capabilities ask (project instructions
 * for the always rules and the catalog, nested instructions for the files and manual rules), so
 * every capability of the run sees the same rules. Their diagnostics are reported once, as events of
 * the first capability that asked: `skipped` for a file not loaded as a rule, `diagnostic` for the rest.
 */
export function rulesOfRun(
  run: Run,
  workspace: Workspace,
  selection: RuleSelection,
  capability: string,
): Promise<RulesLoad> {
  let byWorkspace = loads.get(run);
  if (byWorkspace === undefined) {
    byWorkspace = new Map();
    loads.set(run, byWorkspace);
  }
  let bySelection = byWorkspace.get(workspace);
  if (bySelection === undefined) {
    bySelection = new Map();
    byWorkspace.set(workspace, bySelection);
  }
  const key = JSON.stringify([
    selection.formats,
    selection.userDirectory,
    selection.rootMarkers,
    selection.stopAt,
    selection.maxFileBytes,
  ]);
  let load = bySelection.get(key);
  if (load === undefined) {
    load = loadRules({ ...selection, workspace }).then((loaded) => {
      const skipped = new Set(loaded.skipped);
      for (const diagnostic of loaded.diagnostics)
        run.emit(ruleDiagnosticEvent(diagnostic, skipped.has(diagnostic), capability));
      return loaded;
    });
    bySelection.set(key, load);
  }
  return load;
}

/**
 * The event of a rule file's diagnostic: `skipped` (reason `rule`) for a file not loaded as a rule,
 * `diagnostic` for the rest; with `trigger` when a touch found the file.
 */
export function ruleDiagnosticEvent(
  diagnostic: Diagnostic,
  skipped: boolean,
  capability: string,
  trigger?: string,
): ContextEvent {
  return {
    type: skipped ? 'skipped' : 'diagnostic',
    reason: 'rule',
    capability,
    ...(diagnostic.path === undefined ? {} : { path: diagnostic.path }),
    ...(trigger === undefined ? {} : { trigger }),
    message: diagnostic.message,
    diagnostic,
  };
}
