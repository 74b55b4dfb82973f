import type { Workspace } from '../workspace/workspace.js';
import { type FoundAssetFiles, findAssetFiles } from './find-asset-files.js';
import { inventoryDefaults } from './inventory-defaults.js';

/**
 * Find every `SKILL.md` under a skills folder: {@link findAssetFiles} with the name `SKILL.md`, so
 * the same depth bound (default 8), link, loop and containment rules apply.
 */
export function findSkillFiles(
  workspace: Workspace,
  skillsDirectory: string,
  maxDepth: number = inventoryDefaults.maxDepth,
): Promise<FoundAssetFiles> {
  return findAssetFiles(workspace, skillsDirectory, { accepts: (name) => name === 'SKILL.md', maxDepth });
}
