import path from 'node:path';
import { diagnosticCodeOf } from '../diagnostic-code-of-error.js';
import { describeError } from '../errors.js';
import { toLabel } from '../workspace/labels.js';
import type { DirectoryEntry, Workspace } from '../workspace/workspace.js';
import { type ContextEventDraft, diagnosticEvent } from './context-event-draft.js';

/** Result of {@link renderListing}. */
export interface Listing {
  /** The rendered block, or `''` when the directory could not be listed. */
  text: string;
  /** The load (or skip) and any cut, with diagnostics. */
  events: ContextEventDraft[];
}

/**
 * List one directory (not recursive) as
 *
 * ```
 * <listing directory="LABEL">
 * AGENTS.md
 * src/
 * [3 more]
 * </listing>
 * ```
 *
 * Entries are sorted by code point, every entry is shown (dotfiles too), directories end with `/`
 * (a symlink is shown as what it points to; one that cannot be followed is shown as a plain name).
 * At most `maxEntries` entries are shown, and only while their lines fit in `maxChars` (each line's
 * characters, newline excluded); the rest are counted in a final `[N more]` line.
 * A missing or unreadable directory gives no listing and a diagnostic event; never throws.
 */
export async function renderListing(
  workspace: Workspace,
  directory: string,
  maxEntries: number,
  maxChars: number,
): Promise<Listing> {
  let label = directory;
  let entries: DirectoryEntry[];
  try {
    label = toLabel(workspace, workspace.resolve(directory));
    entries = await workspace.readdir(directory);
  } catch (error) {
    const code = diagnosticCodeOf(error);
    const message = `The listing of ${label} was skipped: ${describeError(error)}.`;
    return {
      text: '',
      events: [diagnosticEvent('skipped', 'listing', { severity: 'error', code, message, path: label })],
    };
  }

  const lines: string[] = [];
  let remaining = maxChars;
  for (const entry of entries.slice(0, maxEntries)) {
    const line = (await isDirectory(workspace, directory, entry)) ? `${entry.name}/` : entry.name;
    if (line.length > remaining) break;
    lines.push(line);
    remaining -= line.length;
  }
  const more = entries.length - lines.length;
  const events: ContextEventDraft[] = [
    {
      type: 'loaded',
      reason: 'listing',
      path: label,
      message: `Listed the directory ${label} (${lines.length} of ${entries.length} entries shown).`,
    },
  ];
  if (more > 0) {
    const limit =
      lines.length < Math.min(maxEntries, entries.length)
        ? 'the character budget'
        : `maxEntries (${maxEntries})`;
    const message = `The listing of ${label} shows ${lines.length} of ${entries.length} entries (cut by ${limit}); [${more} more] marks the rest.`;
    events.push(
      diagnosticEvent('cut', 'listing', { severity: 'info', code: 'listing-cut', message, path: label }),
    );
    lines.push(`[${more} more]`);
  }
  const body = lines.length > 0 ? `${lines.join('\n')}\n` : '';
  return { text: `<listing directory="${escapeAttribute(label)}">\n${body}</listing>`, events };
}

async function isDirectory(workspace: Workspace, directory: string, entry: DirectoryEntry): Promise<boolean> {
  if (entry.kind !== 'symlink') return entry.kind === 'directory';
  try {
    return (await workspace.stat(path.posix.join(directory, entry.name)))?.kind === 'directory';
  } catch {
    // A link leaving the workspace or looping is listed by name only; following it is refused.
    return false;
  }
}

/** Quote a label for an attribute the same way `<context-file path>` does. */
function escapeAttribute(value: string): string {
  return value.replace(/[&"<]/g, (character) =>
    character === '&' ? '&amp;' : character === '"' ? '&quot;' : '&lt;',
  );
}
