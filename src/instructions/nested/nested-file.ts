/** A nested instruction file surfaced by a touch. */
export interface NestedFile {
  /** Absolute POSIX path. */
  path: string;
  /** POSIX path relative to the workspace cwd (nested files are always below it). */
  label: string;
  /** The file name, e.g. `AGENTS.md`. */
  name: string;
  /** Absolute POSIX path of the directory it governs. */
  directory: string;
  /** The body as the model sees it (`inject: 'contents'` only), cut at `maxChars` with a visible marker. */
  text?: string;
  /** What surfaced it, e.g. `read_file packages/app/src/main.ts (call_3)`. */
  trigger: string;
}
