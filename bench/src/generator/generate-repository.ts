import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { planRepository, type RepositoryPlan } from './plan-repository.js';
import type { RepositoryShape } from './repository-shape.js';

/** A synthetic repository written to disk. */
export interface GeneratedRepository extends RepositoryPlan {
  /** Absolute path of the repository root (a fresh temporary directory). */
  root: string;
  /** Remove the repository from disk. */
  remove(): void;
}

/**
 * Plan a repository from its shape and write it to a fresh directory under the system temporary
 * directory. Deterministic: the same shape gives the same tree and the same bytes. The caller
 * removes it with `remove()`.
 *
 * @example
 * const repository = generateRepository({ seed: 7, packages: 4, directories: 60, otherFiles: 300 });
 * try { ... repository.root ... } finally { repository.remove(); }
 */
export function generateRepository(shape: Partial<RepositoryShape> = {}): GeneratedRepository {
  const plan = planRepository(shape);
  const root = mkdtempSync(join(tmpdir(), 'agent-context-bench-'));
  try {
    writePlan(plan, root);
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return { ...plan, root, remove: () => removeTree(root) };
}

/**
 * Remove a generated tree. The full-size trees hold about 100,000 files: `rmSync` walks them in
 * JavaScript, one `lstat` and one unlink per entry, which took 120 s on the shared machine after the
 * rules touch benchmark had printed its table (the process seemed not to exit). `rm -rf` removes
 * the same tree several times faster (about 5.6x on 20,000 files); `rmSync` stays the fallback
 * where `rm` is missing or fails.
 */
export function removeTree(root: string): void {
  const removed = spawnSync('rm', ['-rf', '--', root], { stdio: 'ignore' });
  if (removed.error !== undefined || removed.status !== 0) rmSync(root, { recursive: true, force: true });
}

/** Write a plan below `root` (which must exist): directories first, then every file. */
export function writePlan(plan: RepositoryPlan, root: string): void {
  for (const directory of plan.directories) mkdirSync(join(root, directory), { recursive: true });
  for (const [path, text] of plan.files) writeFileSync(join(root, path), text);
}
