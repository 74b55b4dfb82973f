import type { Diagnostic } from '../diagnostics.js';
import { toLabel } from '../workspace/labels.js';
import type { Workspace } from '../workspace/workspace.js';
import { findRuleFiles, type RuleFile } from './find-rule-files.js';
import { selectFormats } from './load-rules.js';
import type { LoadedRule, RuleFormatName } from './rule.js';
import { defaultMaxRuleFileBytes, isNotLoaded, type MatcherEntry, RuleCollector } from './rule-collector.js';
import type { RuleFormat, RuleLocation } from './rule-format.js';

/** A rule location its assistant also reads in subfolders (`nested: true`), with its format. */
export interface NestedRuleLocation {
  format: RuleFormat;
  location: RuleLocation;
}

/**
 * The nested rule locations of the formats named (every format when `undefined`), in load order:
 * `.cursor/rules` and `.windsurf/rules` as shipped. Throws `invalid-option` for an unknown name.
 */
export function nestedRuleLocations(formats: readonly RuleFormatName[] | undefined): NestedRuleLocation[] {
  return selectFormats(formats).flatMap((format) =>
    format.locations.filter((location) => location.nested === true).map((location) => ({ format, location })),
  );
}

/** Options of {@link loadNestedRules}. */
export interface LoadNestedRulesOptions {
  workspace: Workspace;
  /** Absolute POSIX path of a directory below `workspace.cwd`: the base of the rules found there. */
  directory: string;
  /** Where to look (see {@link nestedRuleLocations}). */
  locations: readonly NestedRuleLocation[];
  /**
   * The bodies already loaded (sha-256 of the normalised body -> label), asked for only when a rule
   * file is found; a rule with one of them is skipped as a `duplicate`. Added to as rules load.
   */
  seen: () => Map<string, string>;
  /** Bytes read from one file at most. Default 1 MiB. */
  maxFileBytes?: number;
}

/** Result of {@link loadNestedRules}. */
export interface NestedRulesLoad {
  /** The rules found, in load order, every scope. */
  items: LoadedRule[];
  /** The `files` rules among them, globs compiled (for `RuleMatcher.add`). */
  entries: MatcherEntry[];
  diagnostics: Diagnostic[];
  /** The files not loaded as rules (a subset of `diagnostics`). */
  skipped: Diagnostic[];
}

/**
 * The rules of one directory below the working directory, read the way `loadRules` reads the
 * directories from the project root down: one `stat` per location (nothing else when none is
 * there), then the files of each folder found, mapped by their format. The rules' base is
 * `directory` (the folder holding `.cursor`), so their globs are relative to it and they apply
 * only to files below it. Never throws for a bad file: problems are diagnostics.
 */
export async function loadNestedRules(options: LoadNestedRulesOptions): Promise<NestedRulesLoad> {
  const { workspace, directory } = options;
  const diagnostics: Diagnostic[] = [];
  const label = (absolute: string) => toLabel(workspace, absolute);
  const found: Array<{ files: RuleFile[]; format: RuleFormat }> = [];
  for (const { format, location } of options.locations) {
    const files = await findRuleFiles(workspace, directory, location, diagnostics, label);
    if (files.length > 0) found.push({ files, format });
  }
  if (found.length === 0)
    return { items: [], entries: [], diagnostics, skipped: diagnostics.filter(isNotLoaded) };
  const collector = new RuleCollector(options.maxFileBytes ?? defaultMaxRuleFileBytes, options.seen());
  const source = {
    workspace,
    level: 'project' as const,
    base: directory,
    baseLabel: label(directory),
    label,
  };
  for (const { files, format } of found) {
    for (const file of files) await collector.add(source, file, format);
  }
  const all = [...diagnostics, ...collector.diagnostics];
  return {
    items: collector.items,
    entries: collector.entries,
    diagnostics: all,
    skipped: all.filter(isNotLoaded),
  };
}
