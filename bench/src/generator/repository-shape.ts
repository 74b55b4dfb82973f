/**
 * The shape of a synthetic repository. Every field has a default (see {@link defaultShape}); the same
 * shape (seed included) always yields the same repository, byte for byte.
 */
export interface RepositoryShape {
  /** Seed of the pseudo-random generator. Default 1. */
  seed: number;
  /** Packages under `packages/` (a monorepo). Default 12. */
  packages: number;
  /**
   * Directories of the source tree: `packages/` and everything below it. Asset roots (`.claude`, ...)
   * and `.git` are extra. Default 200.
   */
  directories: number;
  /** Deepest directory, counted in path segments from the repository root. Default 10. */
  maxDepth: number;
  /** Nested instruction files (AGENTS.md / CLAUDE.md below the root). Default 30. */
  instructionFiles: number;
  /**
   * Depths (path segments from the root: `packages/app` is 2) where nested instruction files may
   * sit. Default: every depth from 2 to `maxDepth`.
   */
  instructionDepths: number[] | undefined;
  /** Share of instruction directories holding CLAUDE.md instead of AGENTS.md. Default 0.15. */
  claudeShare: number;
  /** Share of instruction directories holding both AGENTS.md and CLAUDE.md. Default 0.05. */
  bothShare: number;
  /** Share of nested instruction files that `@import` a shared document under `docs/`. Default 0. */
  importShare: number;
  /** Bulk unrelated files spread over the source tree. Default 2,000. */
  otherFiles: number;
  /** Skills (`SKILL.md`) spread over `.claude`, `.agents` and `.codex`. Default 12. */
  skills: number;
  /** Share of skills whose frontmatter breaks the Agent Skills rules. Default 0.1. */
  invalidSkillShare: number;
  /** Sub-agents (`agents/*.md`) spread over `.claude` and `.agents`. Default 6. */
  agents: number;
  /** Write `.claude/settings.json` with hooks. Default true. */
  settings: boolean;
}

/** The defaults of {@link RepositoryShape}: a small repository, quick to write. */
export const defaultShape: RepositoryShape = {
  seed: 1,
  packages: 12,
  directories: 200,
  maxDepth: 10,
  instructionFiles: 30,
  instructionDepths: undefined,
  claudeShare: 0.15,
  bothShare: 0.05,
  importShare: 0,
  otherFiles: 2_000,
  skills: 12,
  invalidSkillShare: 0.1,
  agents: 6,
  settings: true,
};

/** Fill the missing fields of a shape with {@link defaultShape}. */
export function completeShape(shape: Partial<RepositoryShape>): RepositoryShape {
  const complete = { ...defaultShape, ...shape };
  if (complete.directories < complete.packages + 1) {
    throw new Error(
      `directories (${complete.directories}) must be at least packages + 1 (${complete.packages + 1})`,
    );
  }
  if (complete.maxDepth < 2) throw new Error('maxDepth must be at least 2 (packages/<name>)');
  return complete;
}
