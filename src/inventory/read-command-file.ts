import type { Diagnostic } from '../diagnostics.js';
import { cutWithEllipsis } from '../text/cut-text.js';
import { toLabel } from '../workspace/labels.js';
import type { Workspace } from '../workspace/workspace.js';
import type { InventoryCommand } from './inventory-result.js';
import { type FrontmatterFile, readFrontmatterFile } from './read-asset-file.js';

/** Longest description taken from a command's body, in characters (code points). */
export const maxCommandBodyDescription = 200;

/** Options of {@link readCommandFile}. */
export interface ReadCommandFileOptions {
  /** The command as typed, without the slash, e.g. `frontend:build` (see {@link commandName}). */
  name: string;
  /** Read at most this many bytes (default 64 KiB); a frontmatter must close within them. */
  maxBytes?: number;
}

/**
 * Read a slash command file. Frontmatter is optional: without one, the whole file is the body.
 * `description` is the frontmatter's, else the first body line that is neither blank nor a heading
 * (trimmed, cut to 200 characters with `…`), else `null`; every other frontmatter key goes to
 * `attributes` as parsed. Never throws: an unreadable or binary file, an unclosed or broken
 * frontmatter, and a `description` that is not a string are diagnostics on the entry.
 */
export async function readCommandFile(
  workspace: Workspace,
  path: string,
  options: ReadCommandFileOptions,
): Promise<InventoryCommand> {
  const read = await readFrontmatterFile(workspace, path, options.maxBytes);
  return commandOf(toLabel(workspace, path), options.name, read);
}

/** {@link readCommandFile} of a file already read and parsed (see `frontmatterFileOf`), labelled `label`. */
export function commandOf(label: string, name: string, read: FrontmatterFile): InventoryCommand {
  const empty = { path: label, name, description: null, attributes: {} };
  if (!read.ok) return { ...empty, diagnostics: [read.failure] };
  const { description: written, ...attributes } = read.parsed.data;
  const diagnostics: Diagnostic[] = [...read.parsed.diagnostics];
  if (written !== undefined && written !== null && typeof written !== 'string') {
    diagnostics.push({
      severity: 'warning',
      code: 'invalid-description',
      message: 'The command `description` must be a string; the first line of the body is used instead.',
      path: label,
    });
  }
  const description =
    typeof written === 'string' && written.trim() !== '' ? written : firstBodyLine(read.parsed.body);
  return { path: label, name, description, attributes, diagnostics };
}

/**
 * The command a file under `commandsDirectory` is typed as, without the slash: its path below the
 * folder without `.md`, folders joined with `:` (`build.md` -> `build`, `frontend/build.md` ->
 * `frontend:build`). Both paths absolute, as reached.
 */
export function commandName(commandsDirectory: string, path: string): string {
  return path
    .slice(commandsDirectory.length + 1)
    .replace(/\.md$/, '')
    .split('/')
    .join(':');
}

// An ATX heading: one to six `#` followed by a space or the end of the line.
const heading = /^#{1,6}(?:\s|$)/;

/** The first line that is neither blank nor a heading, trimmed and cut; `null` when there is none. */
export function firstBodyLine(body: string): string | null {
  for (const line of body.split('\n')) {
    const text = line.trim();
    if (text === '' || heading.test(text)) continue;
    return cutWithEllipsis(text, maxCommandBodyDescription);
  }
  return null;
}
