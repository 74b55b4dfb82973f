import path from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import type { AssistantReading } from '../rules/assistants/assistant-reading.js';
import type { LoadedRule } from '../rules/rule.js';
import type { AssistantName } from '../tool-vocabulary/assistant.js';
import { addAlwaysRules } from './add-always-rules.js';
import { applyByteBudget } from './apply-byte-budget.js';
import { inlineImports } from './inline-imports.js';
import type { InstructionDiscovery, InstructionFile } from './instruction-file.js';

/** The character budget of an assistant that documents none: nothing is cut. */
export const unlimitedCharacters = Number.MAX_SAFE_INTEGER;

/**
 * The instruction files of a run as one assistant gets them: its `always` rules joined in, in its
 * order (OpenCode: the nearest directory's files first), within its byte budget (Codex).
 */
export function assistantInstructions(
  discovery: InstructionDiscovery,
  rules: readonly LoadedRule[],
  reading: AssistantReading,
): InstructionDiscovery {
  let shaped = addAlwaysRules(discovery, rules);
  if (reading.importLayout === 'inline') {
    const keepMentions = new Set(
      reading.filenames.filter((entry) => entry.noImports).map((entry) => entry.filename),
    );
    shaped = {
      ...shaped,
      items: inlineImports(
        shaped.items,
        (file) => file.reason === 'walk-up' && keepMentions.has(path.posix.basename(file.path)),
      ),
    };
  }
  if (reading.directories === 'root-and-working-directory')
    shaped = { ...shaped, items: rootAndWorkingDirectoryFirst(shaped.items, shaped.searched) };
  if (reading.order === 'nearest-first') shaped = { ...shaped, items: nearestFirst(shaped.items) };
  if (reading.maxBytes !== undefined)
    shaped = applyByteBudget(shaped, { maxBytes: reading.maxBytes, title: reading.title });
  return shaped;
}

/** One file the union of every format loads that an assistant does not, and why. */
export interface DroppedFile {
  /** The file's label (as in the discovery). */
  path: string;
  /** The diagnostic code behind it: `not-read-by-assistant`, `over-budget`, `replaced`, `blank-file`, ... */
  code: string;
  /** A sentence saying why. */
  reason: string;
}

/** What `inspectInstructions({ assistant })` adds to its report. */
export interface AssistantReport {
  name: AssistantName;
  title: string;
  /** The assistant's budget in UTF-8 bytes, when it has one (Codex: 32,768). */
  maxBytes?: number;
  /** UTF-8 bytes of the project files it gets (user-level files excluded, markers included). */
  bytes: number;
  /** Every file or rule the union loads that this assistant does not, and why, in the union's order. */
  dropped: DroppedFile[];
}

/** Codes of the diagnostics that say an assistant leaves a file out. */
const droppingCodes = new Set([
  'not-read-by-assistant',
  'over-budget',
  'replaced',
  'blank-file',
  'blank-override',
]);

/**
 * Compare an assistant's files with the union's: every file or rule the union has and the assistant
 * does not is dropped, with the assistant's own diagnostic as its reason when there is one
 * (shadowed, over the budget, suppressed by `CLAUDE.md`), else the file name or rule format it does
 * not read.
 */
export function assistantReport(
  reading: AssistantReading,
  assistant: { discovery: InstructionDiscovery; rules: readonly LoadedRule[] },
  union: { discovery: InstructionDiscovery; rules: readonly LoadedRule[] },
): AssistantReport {
  const kept = new Set(assistant.discovery.items.map((item) => item.label));
  const keptRules = new Set(assistant.rules.map((rule) => rule.path));
  const reasons = new Map<string, Diagnostic>();
  for (const diagnostic of assistant.discovery.diagnostics) {
    if (diagnostic.path !== undefined && droppingCodes.has(diagnostic.code) && !reasons.has(diagnostic.path))
      reasons.set(diagnostic.path, diagnostic);
  }
  const dropped: DroppedFile[] = [];
  const seen = new Set<string>();
  const drop = (label: string, fallback: () => DroppedFile) => {
    if (seen.has(label)) return;
    seen.add(label);
    const diagnostic = reasons.get(label);
    dropped.push(
      diagnostic === undefined
        ? fallback()
        : { path: label, code: diagnostic.code, reason: diagnostic.message },
    );
  };
  for (const item of union.discovery.items) {
    if (kept.has(item.label) || (item.rule !== undefined && keptRules.has(item.label))) continue;
    drop(item.label, () => ({
      path: item.label,
      code: 'not-read-by-assistant',
      reason: whyNot(reading, item),
    }));
  }
  for (const rule of union.rules) {
    if (keptRules.has(rule.path) || kept.has(rule.path)) continue;
    drop(rule.path, () => ({
      path: rule.path,
      code: 'not-read-by-assistant',
      reason: reading.formats.includes(rule.format)
        ? `Skipped ${rule.path}: ${reading.title} does not get this ${rule.format} rule here.`
        : `Skipped ${rule.path}: ${reading.title} does not read ${rule.format} rules (${rule.scope}).`,
    }));
  }
  for (const [label, diagnostic] of reasons) {
    if (!seen.has(label) && !kept.has(label)) {
      seen.add(label);
      dropped.push({ path: label, code: diagnostic.code, reason: diagnostic.message });
    }
  }
  const bytes = assistant.discovery.items
    .filter((item) => !item.label.startsWith('~/'))
    .reduce((total, item) => total + Buffer.byteLength(item.text, 'utf8'), 0);
  return {
    name: reading.name,
    title: reading.title,
    ...(reading.maxBytes === undefined ? {} : { maxBytes: reading.maxBytes }),
    bytes,
    dropped,
  };
}

function whyNot(reading: AssistantReading, item: InstructionFile): string {
  if (item.reason === 'import') {
    return reading.maxImportDepth === undefined
      ? `Skipped ${item.label}: ${reading.title} does not read \`@path\` imports, so the import stays text.`
      : `Skipped ${item.label}: the file importing it is not read by ${reading.title}, or the import is deeper than its ${reading.maxImportDepth} hops.`;
  }
  if (item.rule !== undefined)
    return `Skipped ${item.label}: ${reading.title} does not read ${item.rule.format} rules.`;
  const name = path.posix.basename(item.path);
  const read = reading.filenames.map((entry) => entry.filename);
  if (reading.directories === 'root' && read.includes(name))
    return `Skipped ${item.label}: ${reading.title} reads the project root only.`;
  return `Skipped ${item.label}: ${reading.title} does not read ${name} (it reads ${read.join(', ') || 'no per-directory file'}).`;
}

/**
 * The items grouped by directory (a file with its imports), the deepest directory first (user-level
 * files stay first); the same result whatever order the groups came in.
 */
function nearestFirst(items: readonly InstructionFile[]): InstructionFile[] {
  const user = items.filter((item) => item.label.startsWith('~/'));
  const groups: InstructionFile[][] = [];
  let key: string | undefined;
  for (const item of items) {
    if (item.label.startsWith('~/')) continue;
    if (item.reason !== 'import' && item.directory !== key) {
      key = item.directory;
      groups.push([]);
    }
    if (groups.length === 0) groups.push([]);
    groups.at(-1)?.push(item);
  }
  const depth = (group: InstructionFile[]) => group[0]?.directory.split('/').length ?? 0;
  return [...user, ...groups.sort((a, b) => depth(b) - depth(a)).flat()];
}

/**
 * Copilot CLI's order (recorded on its requests): the files of the project root (with their rules),
 * then those of the working directory, then the directories between them, nearest first.
 */
function rootAndWorkingDirectoryFirst(
  items: readonly InstructionFile[],
  searched: readonly string[],
): InstructionFile[] {
  const root = searched[0];
  const workingDirectory = searched.at(-1);
  const groups: InstructionFile[][] = [];
  let key: string | undefined;
  for (const item of items) {
    if (item.reason !== 'import' && item.reason !== 'rule' && item.directory !== key) {
      key = item.directory;
      groups.push([]);
    }
    if (groups.length === 0) groups.push([]);
    groups.at(-1)?.push(item);
  }
  const rank = (group: InstructionFile[]) => {
    const directory = group[0]?.directory;
    if (directory === root || group[0]?.label.startsWith('~/')) return -1;
    if (directory === workingDirectory) return 0;
    return 1;
  };
  const depth = (group: InstructionFile[]) => group[0]?.directory.split('/').length ?? 0;
  return groups
    .map((group, index) => ({ group, index }))
    .sort(
      (a, b) =>
        rank(a.group) - rank(b.group) ||
        (rank(a.group) === 1 ? depth(b.group) - depth(a.group) : a.index - b.index),
    )
    .flatMap(({ group }) => group);
}
