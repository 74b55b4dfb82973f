import type { Diagnostic } from '../diagnostics.js';
import { headCutEnd, truncationMarker } from '../text/cut-text.js';
import { renderContextFile, stripTrailingNewlines } from './render.js';

/** One file offered to {@link applyBudget}, in rendering (precedence) order. */
export interface BudgetInput {
  label: string;
  text: string;
  /** Lower keeps the file whole first; ties keep rendering order. */
  priority: number;
}

/** What the budget did to one file. */
export interface BudgetedFile {
  label: string;
  /** `whole`, `cut` (ends with the truncation marker) or `omitted` (named in the final note). */
  status: 'whole' | 'cut' | 'omitted';
  /** Characters of the text kept (the marker excluded). */
  keptCharacters: number;
  /** Characters of the text left out; `keptCharacters + omittedCharacters` is the text's length. */
  omittedCharacters: number;
  /** The body as rendered (cut ones end with the marker); empty when omitted. */
  body: string;
}

/** Result of {@link applyBudget}. */
export interface BudgetResult {
  /** The rendered text: kept blocks in rendering order, then the note when files were left out. */
  text: string;
  /** One entry per input, in input order. */
  files: BudgetedFile[];
  diagnostics: Diagnostic[];
}

const separator = '\n\n';

/**
 * Fit files into `maxChars` characters of rendered text (blocks, blank-line separators and the final
 * note all count). Files are taken by priority: each is kept whole when it fits, otherwise cut to the
 * space left with `[truncated: N characters of LABEL omitted]` on its last line, otherwise (not even
 * one character fits) left out and named in the final note
 * `[not loaded, over the budget of MAX characters: LABEL, LABEL]`. A cut never splits a UTF-16
 * surrogate pair. Only when `maxChars` is smaller than the note itself does the text exceed it.
 */
export function applyBudget(inputs: readonly BudgetInput[], maxChars: number): BudgetResult {
  let reserve = 0;
  let plan = allocate(inputs, maxChars, reserve);
  // The note's length depends on what it names; grow the reserve until the plan stops changing.
  for (let attempt = 0; attempt <= inputs.length; attempt += 1) {
    const needed = noteCost(plan, maxChars);
    if (needed <= reserve) break;
    reserve = needed;
    plan = allocate(inputs, maxChars, reserve);
  }
  const blocks = inputs.flatMap((input, index) => {
    const file = plan[index]!;
    return file.status === 'omitted' ? [] : [renderContextFile({ label: input.label, text: file.body })];
  });
  const note = noteText(plan, maxChars);
  const text = [...blocks, ...(note ? [note] : [])].join(separator);
  const diagnostics: Diagnostic[] = [];
  for (const file of plan) {
    if (file.status === 'cut') {
      diagnostics.push({
        severity: 'warning',
        code: 'truncated',
        message: `Cut ${file.label} to ${file.keptCharacters} of ${file.keptCharacters + file.omittedCharacters} characters to stay within maxChars ${maxChars}.`,
        path: file.label,
      });
    } else if (file.status === 'omitted') {
      diagnostics.push({
        severity: 'error',
        code: 'over-budget',
        message: `Left out ${file.label} (${file.omittedCharacters} characters): it does not fit within maxChars ${maxChars}.`,
        path: file.label,
      });
    }
  }
  return { text, files: plan, diagnostics };
}

function allocate(inputs: readonly BudgetInput[], maxChars: number, reserve: number): BudgetedFile[] {
  const plan: BudgetedFile[] = inputs.map((input) => ({
    label: input.label,
    status: 'omitted',
    keptCharacters: 0,
    omittedCharacters: input.text.length,
    body: '',
  }));
  const order = inputs.map((input, index) => ({ priority: input.priority, index }));
  order.sort((left, right) => left.priority - right.priority || left.index - right.index);
  let remaining = maxChars - reserve;
  let keptCount = 0;
  for (const { index } of order) {
    const file = plan[index]!;
    const text = inputs[index]!.text;
    const overhead =
      renderContextFile({ label: file.label, text: '' }).length + (keptCount > 0 ? separator.length : 0);
    // Rendering strips trailing newlines, so a whole file costs its text without them.
    const whole = stripTrailingNewlines(text);
    if (overhead + whole.length <= remaining) {
      Object.assign(file, {
        status: 'whole',
        keptCharacters: text.length,
        omittedCharacters: 0,
        body: whole,
      });
    } else {
      // Size the marker for the largest possible count; a smaller count only frees a character or two.
      const markerLength = 1 + truncationMarker(file.label, { characters: text.length }).length;
      let keep = remaining - overhead - markerLength;
      keep = headCutEnd(text, keep);
      if (keep < 1) continue;
      const body = `${text.slice(0, keep)}\n${truncationMarker(file.label, { characters: text.length - keep })}`;
      Object.assign(file, {
        status: 'cut',
        keptCharacters: keep,
        omittedCharacters: text.length - keep,
        body,
      });
    }
    remaining -= overhead + file.body.length;
    keptCount += 1;
  }
  return plan;
}

function noteText(plan: readonly BudgetedFile[], maxChars: number): string | undefined {
  const omitted = plan.filter((file) => file.status === 'omitted').map((file) => file.label);
  if (omitted.length === 0) return undefined;
  return `[not loaded, over the budget of ${maxChars} characters: ${omitted.join(', ')}]`;
}

function noteCost(plan: readonly BudgetedFile[], maxChars: number): number {
  const note = noteText(plan, maxChars);
  if (note === undefined) return 0;
  return note.length + (plan.some((file) => file.status !== 'omitted') ? separator.length : 0);
}
