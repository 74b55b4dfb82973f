import { selectFormats } from '../rules/load-rules.js';
import type { RuleFormatName } from '../rules/rule.js';

/** The per-directory instruction files looked for, once `filenames` and `formats` are resolved. */
export interface InstructionFilenames {
  /** File names looked for in each directory, in per-directory order. */
  filenames: readonly string[];
  /** File name -> the override read in its place when it is there and not blank (`AGENTS.md` -> `AGENTS.override.md`). */
  overrides: ReadonlyMap<string, string>;
}

/** Options of {@link resolveInstructionFilenames}. */
export interface ResolveFilenamesOptions {
  /** Names a repository's settings give in place of a format's own (see `readRenamedFilenames`). */
  renamed?: ReadonlyMap<RuleFormatName, readonly string[]>;
}

/**
 * The instruction file names of each directory. `filenames`, when given, is the exact list: no
 * format adds a file or an override to it. Otherwise `defaults`, then the per-directory files of the
 * selected `formats` not in it yet, in format order (with every format: `AGENTS.md`, `CLAUDE.md`,
 * `.claude/CLAUDE.md`, `CLAUDE.local.md`, `GEMINI.md`, `QWEN.md`, `AGENT.md`), and the selected formats' overrides (with
 * `codex`, `AGENTS.override.md` is read in place of `AGENTS.md`). `formats: []` adds no file and no
 * override. Throws `invalid-option` for an unknown format name.
 */
export function resolveInstructionFilenames(
  filenames: readonly string[] | undefined,
  formats: readonly RuleFormatName[] | undefined,
  defaults: readonly string[],
  options: ResolveFilenamesOptions = {},
): InstructionFilenames {
  const selected = selectFormats(formats);
  if (filenames !== undefined) return { filenames, overrides: new Map() };
  const names = [...defaults];
  for (const format of selected) {
    const own = options.renamed?.get(format.name) ?? format.instructionFilenames;
    for (const name of own) if (!names.includes(name)) names.push(name);
  }
  const overrides = new Map<string, string>();
  for (const format of selected) {
    for (const override of format.instructionOverrides) {
      if (names.includes(override.replaces) && !overrides.has(override.replaces))
        overrides.set(override.replaces, override.filename);
    }
  }
  return { filenames: names, overrides };
}
