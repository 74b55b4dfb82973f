import path from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import type { AssistantFilename, AssistantReading } from '../rules/assistants/assistant-reading.js';
import { ruleFormats } from '../rules/formats/index.js';
import type { RuleFormatName } from '../rules/rule.js';
import type { Workspace } from '../workspace/workspace.js';

/** What {@link planAssistantFiles} decides: the directories read, in order, and each one's file names. */
export interface AssistantFilePlan {
  /** The directories read, in the assistant's order. */
  directories: string[];
  /** Directory -> the names looked for in it, in per-directory order. */
  filenames: Map<string, string[]>;
  /** Files there that the assistant passes over on purpose, one `not-read-by-assistant` info each. */
  diagnostics: Diagnostic[];
}

/**
 * Decide which per-directory files one assistant reads in a walk-up chain (`chain`: the project root
 * first, the working directory last), before any file is read, so a file it never reads is never
 * read here either (its text cannot shadow a duplicate). `renamed` holds the names a repository's
 * settings give in place of a format's own (Gemini CLI `context.fileName`).
 */
export async function planAssistantFiles(
  workspace: Workspace,
  chain: readonly string[],
  reading: AssistantReading,
  renamed: ReadonlyMap<RuleFormatName, readonly string[]>,
  label: (absolutePath: string) => string,
): Promise<AssistantFilePlan> {
  const diagnostics: Diagnostic[] = [];
  const root = chain[0];
  const isFile = async (directory: string, name: string) =>
    (await workspace.stat(path.posix.join(directory, name)).catch(() => undefined))?.kind === 'file';
  const renamedEntries = renameEntries(reading.filenames, reading.formats, renamed);
  const entries = reading.oneNameForWalk ? await oneName(renamedEntries, chain, isFile) : renamedEntries;
  const directories = directoriesRead(reading, chain);
  // A name read only where none of some other names is a file in the chain (Claude Code's AGENTS.md).
  const suppressed = new Map<string, string>();
  for (const entry of entries) {
    if (entry.unlessPresent === undefined) continue;
    for (const directory of chain) {
      for (const other of entry.unlessPresent) {
        if (!suppressed.has(entry.filename) && (await isFile(directory, other)))
          suppressed.set(entry.filename, label(path.posix.join(directory, other)));
      }
    }
  }
  // A name read only in the nearest directory that has it (Copilot's AGENTS.md).
  const nearest = new Map<string, string>();
  for (const entry of entries) {
    if (!entry.nearestOnly) continue;
    for (const directory of [...chain].reverse()) {
      if (await isFile(directory, entry.filename)) {
        nearest.set(entry.filename, directory);
        break;
      }
    }
  }
  const filenames = new Map<string, string[]>();
  for (const directory of directories) {
    const names: string[] = [];
    for (const entry of entries) {
      if (entry.rootOnly && directory !== root) continue;
      const file = path.posix.join(directory, entry.filename);
      const by = suppressed.get(entry.filename);
      if (by !== undefined) {
        if (await isFile(directory, entry.filename)) {
          diagnostics.push(
            notRead(
              label(file),
              `${reading.title} reads ${entry.filename} only where no ${orList(entry.unlessPresent ?? [])} is in the working directory or above it, and ${by} is`,
            ),
          );
        }
        continue;
      }
      const chosen = nearest.get(entry.filename);
      if (entry.nearestOnly && chosen !== directory) {
        if (chosen !== undefined && (await isFile(directory, entry.filename))) {
          diagnostics.push(
            notRead(
              label(file),
              `${reading.title} reads the nearest ${entry.filename} only, ${label(path.posix.join(chosen, entry.filename))}`,
            ),
          );
        }
        continue;
      }
      names.push(entry.filename);
    }
    filenames.set(directory, names);
  }
  return { directories, filenames, diagnostics };
}

/**
 * The directories of the chain an assistant reads at start, in its order. Copilot CLI
 * (`root-and-working-directory`) reads the root, then the working directory, then the directories
 * between them, nearest first (as recorded on its requests).
 */
function directoriesRead(reading: AssistantReading, chain: readonly string[]): string[] {
  if (reading.directories === 'root') return chain.slice(0, 1);
  if (reading.directories === 'root-and-working-directory') {
    if (chain.length <= 1) return [...chain];
    return [chain[0]!, chain.at(-1)!, ...chain.slice(1, -1).reverse()];
  }
  return reading.order === 'nearest-first' ? [...chain].reverse() : [...chain];
}

/** The first entry whose name is a file somewhere on the chain, alone (OpenCode); all of them when none is. */
async function oneName(
  entries: AssistantFilename[],
  chain: readonly string[],
  isFile: (directory: string, name: string) => Promise<boolean>,
): Promise<AssistantFilename[]> {
  for (const entry of entries) {
    for (const directory of chain) if (await isFile(directory, entry.filename)) return [entry];
  }
  return entries;
}

/** The entries with a renamed format's names in place of its own (one entry per new name). */
function renameEntries(
  entries: readonly AssistantFilename[],
  formats: readonly RuleFormatName[],
  renamed: ReadonlyMap<RuleFormatName, readonly string[]>,
): AssistantFilename[] {
  const replaced = new Map<string, readonly string[]>();
  for (const format of ruleFormats) {
    const names = renamed.get(format.name);
    if (names === undefined || !formats.includes(format.name)) continue;
    for (const own of format.instructionFilenames) replaced.set(own, names);
  }
  return entries.flatMap((entry) => {
    const names = replaced.get(entry.filename);
    return names === undefined ? [entry] : names.map((filename) => ({ ...entry, filename }));
  });
}

/** `a`, `a or b`, `a, b or c`. */
export function orList(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

function notRead(fileLabel: string, why: string): Diagnostic {
  return {
    severity: 'info',
    code: 'not-read-by-assistant',
    message: `Skipped ${fileLabel}: ${why}.`,
    path: fileLabel,
  };
}
