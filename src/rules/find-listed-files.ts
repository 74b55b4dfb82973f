import path from 'node:path';
import type { DiagnosticCode } from '../diagnostic-codes.js';
import type { Diagnostic } from '../diagnostics.js';
import { describeError } from '../errors.js';
import { compileGlob, isInvalidGlob } from '../shared/compile-glob.js';
import { isInside } from '../workspace/paths.js';
import { readTextFile } from '../workspace/read-text-file.js';
import type { Workspace } from '../workspace/workspace.js';
import { fileName, problem, type RuleFile } from './rule-file.js';
import type { RuleLocation } from './rule-format.js';

/** Entries a glob of the list may visit below its folder, at most: a bigger tree is cut with a diagnostic. */
const maxListedEntries = 10_000;
/** Folder depth a glob of the list descends to, at most. */
const maxListedDepth = 8;
/** Folders a glob never descends into. */
const skippedFolders = new Set(['.git', 'node_modules']);
/** Bytes read from a configuration file at most. */
const maxConfigurationBytes = 256 * 1024;

/**
 * The rule files a JSON configuration file names under `location.listKey` (OpenCode's
 * `opencode.json` `instructions`): each entry a path or a glob relative to the file's directory,
 * in the list's order, each file once. URLs are not fetched and paths leaving the workspace root
 * are refused, each with a diagnostic; so are a file that is not JSON and a value that is not a list
 * of strings. A glob's walk skips `.git` and `node_modules` and stops at 10,000 entries.
 */
export async function findListedFiles(
  workspace: Workspace,
  configuration: string,
  location: RuleLocation,
  diagnostics: Diagnostic[],
  label: (absolutePath: string) => string,
): Promise<RuleFile[]> {
  const key = location.listKey ?? '';
  const configurationLabel = label(configuration);
  let value: unknown;
  try {
    const read = await readTextFile(workspace, configuration, { maxBytes: maxConfigurationBytes });
    value = (JSON.parse(read.text) as Record<string, unknown> | null)?.[key];
  } catch (error) {
    diagnostics.push(
      problem(
        configurationLabel,
        `could not be read as JSON: ${describeError(error)}`,
        'invalid-configuration',
      ),
    );
    return [];
  }
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((entry) => typeof entry !== 'string')) {
    diagnostics.push(
      problem(configurationLabel, `has a \`${key}\` that is not a list of paths`, 'invalid-configuration'),
    );
    return [];
  }
  const base = path.posix.dirname(configuration);
  const files: RuleFile[] = [];
  const seen = new Set<string>();
  const add = (absolute: string) => {
    if (seen.has(absolute)) return;
    seen.add(absolute);
    const relative = path.posix.relative(base, absolute);
    files.push({
      path: absolute,
      name: fileName(absolute, location),
      location: { ...location, path: relative },
    });
  };
  for (const entry of value as string[]) {
    const note = (what: string, code: DiagnosticCode) =>
      diagnostics.push({
        severity: code === 'not-fetched' ? 'info' : 'warning',
        code,
        message: `${configurationLabel}: \`${key}\` entry ${JSON.stringify(entry)} ${what}.`,
        path: configurationLabel,
      });
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(entry)) {
      note('is a URL, not fetched', 'not-fetched');
      continue;
    }
    const target = path.posix.resolve(base, entry);
    if (!isInside(workspace.root, target)) {
      note('leaves the workspace root; not read', 'path-outside-workspace');
      continue;
    }
    if (!/[*?[\]{}]/.test(entry)) {
      const kind = (await workspace.stat(target).catch(() => undefined))?.kind;
      if (kind === 'file') add(target);
      else note('names no file', 'not-found');
      continue;
    }
    const relativeGlob = path.posix.relative(base, target);
    const compiled = compileGlob(relativeGlob, { globsWithoutSlash: 'base-only' });
    if (isInvalidGlob(compiled)) {
      note(`is not a valid glob (${compiled.reason})`, 'invalid-glob');
      continue;
    }
    const before = files.length;
    const budget = { entries: maxListedEntries };
    const walk = async (folder: string, depth: number): Promise<void> => {
      let entries: Awaited<ReturnType<Workspace['readdir']>>;
      try {
        entries = await workspace.readdir(folder);
      } catch {
        return;
      }
      for (const child of entries) {
        if (budget.entries-- <= 0) return;
        const absolute = `${folder}/${child.name}`;
        const kind =
          child.kind === 'symlink'
            ? (await workspace.stat(absolute).catch(() => undefined))?.kind
            : child.kind;
        if (kind === 'directory') {
          if (!compiled.direct && depth < maxListedDepth && !skippedFolders.has(child.name))
            await walk(absolute, depth + 1);
        } else if (kind === 'file' && compiled.test(path.posix.relative(base, absolute))) {
          add(absolute);
        }
      }
    };
    const start = compiled.prefix === '' ? base : path.posix.join(base, compiled.prefix);
    await walk(start, 1);
    if (budget.entries < 0)
      note(`visits more than ${maxListedEntries} entries; the rest were not searched`, 'list-cut');
    if (files.length === before) note('matches no file', 'not-found');
  }
  return files;
}
