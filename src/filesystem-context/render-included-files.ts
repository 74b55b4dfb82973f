import { diagnosticCodeOf } from '../diagnostic-code-of-error.js';
import type { DiagnosticCode } from '../diagnostic-codes.js';
import { describeError } from '../errors.js';
import { renderContextFile, stripTrailingNewlines } from '../instructions/render.js';
import { headCutEnd, omittedBytes, truncationMarker } from '../text/cut-text.js';
import { toLabel } from '../workspace/labels.js';
import { readTextFile } from '../workspace/read-text-file.js';
import type { Workspace } from '../workspace/workspace.js';
import { type ContextEventDraft, diagnosticEvent } from './context-event-draft.js';
import { detachString } from './detach-string.js';

/** Result of {@link renderIncludedFiles}. */
export interface IncludedFiles {
  /** The rendered block, or `''` when no file was included. */
  text: string;
  /** Budget characters used (file bodies only). */
  usedChars: number;
  /** Every load, cut and skip, in order, with its diagnostic. */
  events: ContextEventDraft[];
}

/** Files up to this size are read whole, so a cut can say exactly how many characters it left out. */
const wholeReadLimitBytes = 4 * 1024 * 1024;

/**
 * Read `paths` through the workspace, in order, and render each as a `<context-file path="LABEL">`
 * block (see `renderContextFile`), joined by a blank line.
 *
 * Budget: `maxChars` counts the characters of the file bodies (tags and markers are not counted).
 * Files are kept whole while they fit; the first that does not is cut, ending with
 * `[truncated: N characters of LABEL omitted]` (never inside a surrogate pair); files after it are
 * not read and are named in a final `[not included, over the N-character budget: ...]` note.
 *
 * Never throws for a bad file: missing files, directories, binary files, unreadable files, paths
 * outside the workspace and repeated paths are skipped, each with a diagnostic event.
 */
export async function renderIncludedFiles(
  workspace: Workspace,
  paths: readonly string[],
  maxChars: number,
): Promise<IncludedFiles> {
  const blocks: string[] = [];
  const events: ContextEventDraft[] = [];
  const dropped: string[] = [];
  const seen = new Set<string>();
  let remaining = maxChars;
  const skip = (code: DiagnosticCode, label: string, message: string, severity: 'error' | 'info' = 'error') =>
    events.push(diagnosticEvent('skipped', 'include', { severity, code, message, path: label }));

  for (const requested of paths) {
    let label = requested;
    try {
      const absolute = workspace.resolve(requested);
      label = toLabel(workspace, absolute);
      if (seen.has(absolute)) {
        skip(
          'duplicate-file',
          label,
          `Included file ${label} is listed more than once; it is included once.`,
          'info',
        );
        continue;
      }
      seen.add(absolute);
      const stat = await workspace.stat(requested);
      if (!stat) {
        skip('missing-file', label, `Included file ${label} does not exist; it was skipped.`);
        continue;
      }
      if (stat.kind !== 'file') {
        skip('not-a-file', label, `Included path ${label} is not a regular file; it was skipped.`);
        continue;
      }
      if (remaining <= 0) {
        dropped.push(label);
        continue;
      }
      const maxBytes = stat.size <= wholeReadLimitBytes ? undefined : remaining * 3 + 4;
      const file = await readTextFile(workspace, requested, maxBytes === undefined ? {} : { maxBytes });
      if (file.binary) {
        skip(
          'binary-file',
          label,
          `Included file ${label} is binary (a NUL byte in its first 8 KiB); it was skipped.`,
        );
        continue;
      }
      const body = stripTrailingNewlines(file.text);
      if (body.length <= remaining && !file.truncated) {
        blocks.push(renderContextFile({ label, text: body }));
        remaining -= body.length;
        events.push({ type: 'loaded', reason: 'include', path: label, message: `Included ${label}.` });
        continue;
      }
      const end = headCutEnd(body, remaining);
      const head = body.slice(0, end);
      const marker = truncationMarker(
        label,
        file.truncated ? omittedBytes(file.size, head) : { characters: body.length - end },
      );
      // Detached so the run's frozen instructions do not keep the whole decoded file alive.
      blocks.push(detachString(renderContextFile({ label, text: `${head}\n${marker}` })));
      // Spent even when the cut stepped back off a surrogate pair: that one character cannot be used.
      remaining = 0;
      events.push(
        {
          type: 'loaded',
          reason: 'include',
          path: label,
          message: `Included ${label}, cut to fit the budget.`,
        },
        diagnosticEvent('cut', 'include', {
          severity: 'warning',
          code: 'truncated',
          message: `Included file ${label} was cut to fit the ${maxChars}-character budget: ${marker.slice(1, -1)}.`,
          path: label,
        }),
      );
    } catch (error) {
      const code = diagnosticCodeOf(error);
      skip(
        code,
        label,
        `Included file ${label} could not be read (${describeError(error)}); it was skipped.`,
      );
    }
  }

  if (dropped.length > 0) {
    blocks.push(`[not included, over the ${maxChars}-character budget: ${dropped.join(', ')}]`);
    for (const label of dropped) {
      events.push(
        diagnosticEvent('skipped', 'include', {
          severity: 'warning',
          code: 'over-budget',
          message: `Included file ${label} was left out: the ${maxChars}-character budget was used by earlier files.`,
          path: label,
        }),
      );
    }
  }
  return { text: blocks.join('\n\n'), usedChars: maxChars - Math.max(0, remaining), events };
}
