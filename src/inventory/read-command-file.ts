import type { Diagnostic } from '../diagnostics.js';
import { cutWithEllipsis } from '../text/cut-text.js';
import { toLabel } from '../workspace/labels.js';
import type { Workspace } from '../workspace/workspace.js';
import { commandFileName } from './command-folders.js';
import type { InventoryCommand } from './inventory-result.js';
import { type FrontmatterFile, readFrontmatterFile } from './read-asset-file.js';

/** Longest description taken from a command's body, in characters (code points). */
export const maxCommandBodyDescription = 200;

/** Options of {@link readCommandFile}. */
export interface ReadCommandFileOptions {
  /** The command as typed, without the slash, e.g. `build` (see {@link commandName}). */
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

/**
 * {@link readCommandFile} of a file already read and parsed (see `frontmatterFileOf`), labelled
 * `label`. With `nameKey` (Copilot's `name`), a non-blank string under that frontmatter key names
 * the command instead of `name`, and leaves `attributes`.
 */
export function commandOf(
  label: string,
  name: string,
  read: FrontmatterFile,
  nameKey?: 'name',
): InventoryCommand {
  const empty = { path: label, name, description: null, attributes: {} };
  if (!read.ok) return { ...empty, diagnostics: [read.failure] };
  const { description: written, ...attributes } = read.parsed.data;
  const diagnostics: Diagnostic[] = [...read.parsed.diagnostics];
  let typed = name;
  if (nameKey !== undefined && nameKey in attributes) {
    const given = attributes[nameKey];
    delete attributes[nameKey];
    if (typeof given === 'string' && given.trim() !== '') typed = given;
    else if (given !== null && typeof given !== 'string') {
      const message = `The command \`${nameKey}\` must be a string; the file name is used instead.`;
      diagnostics.push({ severity: 'warning', code: 'invalid-name', message, path: label });
    }
  }
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
  return { path: label, name: typed, description, attributes, diagnostics };
}

/**
 * {@link commandOf} of a file whose frontmatter is plain (see `readPlainFrontmatter`), from its
 * `data`: the same command, built without the text. `undefined` when the text is needed after all:
 * no `description` (the body's first line describes the command), or a `nameKey` given.
 */
export function plainCommandOf(
  label: string,
  name: string,
  data: Readonly<Record<string, string>>,
  nameKey?: 'name',
): InventoryCommand | undefined {
  const { description, ...attributes } = data;
  if (description === undefined || (nameKey !== undefined && nameKey in attributes)) return undefined;
  return { path: label, name, description, attributes, diagnostics: [] };
}

/**
 * The command a file under `commandsDirectory` is typed as, without the slash, as Claude Code names
 * it: the file name without `.md`, a subfolder being a label and not part of the name (`build.md`
 * and `frontend/build.md` are both `build`). Both paths absolute, as reached.
 */
export function commandName(commandsDirectory: string, path: string): string {
  return commandFileName(path.slice(commandsDirectory.length + 1).split('/'));
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
