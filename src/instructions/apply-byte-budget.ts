import type { Diagnostic } from '../diagnostics.js';
import { truncationMarker } from '../text/cut-text.js';
import type { InstructionDiscovery, InstructionFile } from './instruction-file.js';

/** Options of {@link applyByteBudget}. */
export interface ByteBudgetOptions {
  /** UTF-8 bytes of project files at most, spent in load order (Codex: 32 KiB). */
  maxBytes: number;
  /** Who spends it, for the messages (`Codex`). */
  title: string;
}

/**
 * Spend a byte budget over the project files of a discovery in load order, as Codex does with
 * `project_doc_max_bytes`: each file takes its UTF-8 bytes; the file the budget ends in is cut at that
 * byte (a character split there becomes U+FFFD, as Codex decodes it) and ends with the usual
 * `[truncated: N bytes of PATH omitted]` marker, so the cut is visible; every later file is left out.
 * User-level files (labels starting with `~/`) are not charged. Each cut and each file left out is
 * a diagnostic (`truncated`, `over-budget`).
 */
export function applyByteBudget(
  discovery: InstructionDiscovery,
  options: ByteBudgetOptions,
): InstructionDiscovery {
  const diagnostics: Diagnostic[] = [];
  const items: InstructionFile[] = [];
  let remaining = options.maxBytes;
  const budget = `${options.title}'s budget of ${count(options.maxBytes)} bytes`;
  for (const item of discovery.items) {
    if (item.label.startsWith('~/')) {
      items.push(item);
      continue;
    }
    const bytes = Buffer.from(item.text, 'utf8');
    if (remaining === 0) {
      diagnostics.push({
        severity: 'error',
        code: 'over-budget',
        message: `Skipped ${item.label}: ${budget} is used up by the files before it.`,
        path: item.label,
      });
      continue;
    }
    if (bytes.length <= remaining) {
      remaining -= bytes.length;
      items.push(item);
      continue;
    }
    const kept = new TextDecoder('utf-8').decode(bytes.subarray(0, remaining));
    const omitted = bytes.length - remaining;
    diagnostics.push({
      severity: 'warning',
      code: 'truncated',
      message: `Cut ${item.label} to its first ${count(remaining)} of ${count(bytes.length)} bytes: ${budget} ends inside it.`,
      path: item.label,
    });
    remaining = 0;
    const text = `${kept}\n${truncationMarker(item.label, { bytes: omitted })}`;
    items.push({ ...item, text, characters: text.length });
  }
  return { ...discovery, items, diagnostics: [...discovery.diagnostics, ...diagnostics] };
}

function count(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
