import type { Workspace } from '../workspace/workspace.js';
import { DEFAULT_ASSET_DEPTH, type FoundAssetFiles, findAssetFiles } from './find-asset-files.js';

/** Default depth bound of the skills walk: `skills/a/b/c/d/e/f/g/h/SKILL.md` (8 folders down) is found, one more is not. */
export const DEFAULT_SKILL_DEPTH = DEFAULT_ASSET_DEPTH;

/**
 * Find every `SKILL.md` under a skills folder: {@link findAssetFiles} with the name `SKILL.md`, so
 * the same depth bound (default 8), link, loop and containment rules apply.
 */
export function findSkillFiles(
  workspace: Workspace,
  skillsDirectory: string,
  maxDepth: number = DEFAULT_SKILL_DEPTH,
): Promise<FoundAssetFiles> {
  return findAssetFiles(workspace, skillsDirectory, { accepts: (name) => name === 'SKILL.md', maxDepth });
}
