import { walkUpCandidates } from '../project/walk-up-directories.js';
import { selectFormats } from '../rules/load-rules.js';
import type { ListRequest, Workspace } from '../workspace/workspace.js';
import { type DiscoverInstructionsOptions, resolveInstructionSettings } from './discover-instructions.js';

/**
 * What `discoverInstructions` reads, as list requests for one batch: in every directory a walk-up
 * may search, the root markers, every per-directory file name and override, and the settings files
 * that may rename them, each read up to `maxFileBytes`. Imports are not known before the files are
 * read: they are asked for afterwards. Throws `invalid-option` as `discoverInstructions` does.
 */
export function instructionListRequests(
  workspace: Workspace,
  options: Omit<DiscoverInstructionsOptions, 'workspace'> = {},
): ListRequest[] {
  const settings = resolveInstructionSettings(options);
  const names = new Set([...settings.rootMarkers, ...settings.filenames, ...settings.overrides.values()]);
  if (options.filenames === undefined) {
    for (const format of selectFormats(options.formats)) {
      const setting = format.instructionFilenameSetting;
      if (setting !== undefined) names.add(setting.path);
    }
  }
  return walkUpCandidates(workspace).map((path) => ({
    path,
    names: [...names],
    read: { maxBytes: settings.maxFileBytes },
  }));
}
