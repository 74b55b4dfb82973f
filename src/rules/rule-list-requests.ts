import { walkUpCandidates } from '../project/walk-up-directories.js';
import type { ListRequest, Workspace } from '../workspace/workspace.js';
import type { NestedRuleLocation } from './load-nested-rules.js';
import { selectFormats } from './load-rules.js';
import type { RuleFormatName } from './rule.js';
import { defaultMaxRuleFileBytes } from './rule-collector.js';

/** Levels listed below a rule folder: the walk's bound (8) plus one for the mode folders (`.roo/rules-code`). */
const ruleFolderDepth = 9;

/** Options of {@link ruleListRequests}, as `loadRules` takes them. */
export interface RuleListRequestOptions {
  formats?: readonly RuleFormatName[];
  rootMarkers?: readonly string[];
  maxFileBytes?: number;
}

/**
 * What `loadRules` reads of the project, as list requests for one batch: in every directory a
 * walk-up may search, the root markers and each format's rule files and folders (folders to the
 * walk's depth, their rule files read). Throws `invalid-option` for an unknown format, as `loadRules`.
 */
export function ruleListRequests(workspace: Workspace, options: RuleListRequestOptions = {}): ListRequest[] {
  const formats = selectFormats(options.formats);
  const maxBytes = options.maxFileBytes ?? defaultMaxRuleFileBytes;
  const files = new Set(options.rootMarkers ?? ['.git']);
  const folders = new Set<string>();
  const endings = new Set<string>();
  for (const format of formats) {
    for (const location of format.locations) {
      if (location.kind === 'file') files.add(location.path);
      else {
        folders.add(location.path);
        for (const extension of location.extensions ?? []) endings.add(extension);
      }
    }
  }
  return walkUpCandidates(workspace).flatMap((path): ListRequest[] => [
    { path, names: [...files], read: { maxBytes } },
    ...(folders.size === 0
      ? []
      : [
          {
            path,
            names: [...folders],
            depth: ruleFolderDepth,
            read: { maxBytes, endings: [...endings] },
          },
        ]),
  ]);
}

/**
 * What `loadNestedRules` reads in each of `directories`, as list requests for one batch: the rule
 * folders read in subfolders (`.cursor/rules`, ...) to the walk's depth, their files read.
 */
export function nestedRuleListRequests(
  directories: readonly string[],
  locations: readonly NestedRuleLocation[],
  maxBytes = defaultMaxRuleFileBytes,
): ListRequest[] {
  if (locations.length === 0) return [];
  const names = [...new Set(locations.map(({ location }) => location.path))];
  return directories.map((path) => ({ path, names, depth: ruleFolderDepth, read: { maxBytes } }));
}
