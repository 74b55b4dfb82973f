import path from 'node:path';
import { formatDiagnostic } from '../format-diagnostic.js';
import type { CeilingReason } from '../project/walk-up-directories.js';
import { painter } from '../shared/painter.js';
import { showLineBreaks } from '../text/show-line-breaks.js';
import { isInside } from '../workspace/paths.js';
import { unreadableWorkingDirectory } from '../workspace/unreadable-directories.js';
import type { InstructionsReport } from './inspect-instructions.js';
import type { InstructionFile } from './instruction-file.js';
import type { RenderedInstructionFile } from './render-instructions.js';

/** Options of {@link formatInstructionsReport}. */
export interface FormatInstructionsReportOptions {
  /** Use ANSI colours. Default `false`. */
  color?: boolean;
  /** Show the inspected directory relative to this directory when strictly inside it. Default: absolute. */
  relativeTo?: string;
}

/** Estimated tokens of a text length: characters / 4, rounded up (a rough rule for English prose and code). */
export function estimateTokens(characters: number): number {
  return Math.ceil(characters / 4);
}

const ceilingReasons: Record<CeilingReason, string> = {
  'root-marker': 'nearest root marker',
  'stop-at': 'stopAt',
  'no-root-marker': 'no root marker found, so the workspace directory only',
  'stop-at-not-ancestor': 'stopAt is not an ancestor, so the workspace directory only',
};

/**
 * The human-readable text of `agent-context inspect`: the searched directories, every loaded file in
 * load order with its reason, characters and estimated tokens (characters / 4), imports drawn as a
 * tree under their importer, the budget used, and every diagnostic. Ends with a newline.
 */
export function formatInstructionsReport(
  report: InstructionsReport,
  options: FormatInstructionsReportOptions = {},
): string {
  const paint = painter(options.color ?? false);
  const { discovery, rendered } = report;
  const shown = displayPath(report.directory, options.relativeTo);
  const searched = discovery.searched.length;
  const ceiling = path.posix.relative(discovery.directory, discovery.ceiling) || '.';
  const as = report.assistant === undefined ? '' : `, as ${report.assistant.title} reads them`;
  const lines = [
    paint.bold(`Project instructions for ${shown}${as}`),
    `Searched ${searched} ${searched === 1 ? 'directory' : 'directories'}, from ${ceiling} down to . (ceiling: ${ceilingReasons[discovery.ceilingReason]}).`,
    '',
  ];

  const items = discovery.items;
  if (items.length === 0) {
    const unreadable = unreadableWorkingDirectory(discovery.diagnostics);
    lines.push(
      unreadable === undefined
        ? 'No instruction files found.'
        : `No instruction files found: ${unreadable} could not be read.`,
    );
  } else {
    lines.push(`Load order (${items.length} ${items.length === 1 ? 'file' : 'files'}):`);
    const byPath = new Map(items.map((item, index) => [item.path, index]));
    const width = String(items.length).length;
    const describe = (index: number): string => {
      const item = items[index]!;
      const budget = budgetNote(rendered.files[index]);
      const reason = item.rule !== undefined ? `always rule, ${item.rule.format}` : item.reason;
      const facts = `${reason}, ${count(item.characters)} characters, ~${count(estimateTokens(item.characters))} tokens${budget}`;
      return `${String(index + 1).padStart(width)}. ${paint.bold(item.label)}  ${paint.dim(`(${facts})`)}`;
    };
    const drawImports = (item: InstructionFile, indent: string) => {
      item.imports.forEach((entry, position) => {
        const last = position === item.imports.length - 1;
        const branch = `${indent}${last ? '└── ' : '├── '}`;
        const childIndent = `${indent}${last ? '    ' : '│   '}`;
        const child =
          entry.status === 'loaded' && entry.path !== undefined ? byPath.get(entry.path) : undefined;
        if (child !== undefined) {
          lines.push(`${branch}${describe(child)}`);
          drawImports(items[child]!, childIndent);
        } else {
          const note =
            entry.status === 'failed'
              ? paint.red(`import failed (${entry.reason})`)
              : paint.dim(`${entry.status === 'cycle' ? 'cycle cut' : 'already loaded'} (${entry.reason})`);
          lines.push(`${branch}@${entry.specifier}  ${note}`);
        }
      });
    };
    items.forEach((item, index) => {
      if (item.reason === 'import') return;
      lines.push(`  ${describe(index)}`);
      drawImports(item, `  ${' '.repeat(width + 2)}`);
    });
  }

  const rules = report.rules;
  if (rules.files + rules.described + rules.manual + rules.skipped > 0) {
    lines.push(
      '',
      `Other rules: ${rules.files} delivered on touch (files), ${rules.described} in the rules catalog (described), ${rules.manual} on @name (manual); ${rules.skipped} skipped. Details: agent-context rules.`,
    );
  }
  const percent = Math.round((rendered.characters / rendered.maxChars) * 100);
  const tokens = `~${count(estimateTokens(rendered.characters))} tokens`;
  const assistant = report.assistant;
  lines.push(
    '',
    assistant === undefined
      ? `Budget: ${count(rendered.characters)} of ${count(rendered.maxChars)} characters used (${percent}%), ${tokens}.`
      : assistant.maxBytes !== undefined
        ? `Budget: ${count(assistant.bytes)} of ${assistant.title}'s ${count(assistant.maxBytes)} bytes used (${Math.round((assistant.bytes / assistant.maxBytes) * 100)}%), ${tokens}.`
        : `Budget: none (${assistant.title} documents no limit); ${count(rendered.characters)} characters, ${tokens}.`,
    'Tokens are estimated as characters / 4.',
  );
  if (assistant !== undefined) {
    lines.push(
      '',
      assistant.dropped.length === 0
        ? `Dropped: nothing (${assistant.title} loads every file the union of all formats loads here).`
        : `Dropped (loaded by the union of all formats, not by ${assistant.title}): ${assistant.dropped.length}`,
    );
    for (const file of assistant.dropped)
      lines.push(`  ${paint.bold(file.path)}  ${paint.dim(`[${file.code}]`)} ${file.reason}`);
  }

  const diagnostics = [...discovery.diagnostics, ...rendered.diagnostics];
  lines.push('', diagnostics.length === 0 ? 'No diagnostics.' : `Diagnostics (${diagnostics.length}):`);
  for (const diagnostic of diagnostics) lines.push(`  ${formatDiagnostic(diagnostic, paint)}`);
  return `${lines.map(showLineBreaks).join('\n')}\n`;
}

/** Thousands separated by commas, the same on every machine (no locale lookup). */
function count(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function budgetNote(file: RenderedInstructionFile | undefined): string {
  if (file?.status === 'cut') return `; cut to ${count(file.keptCharacters)} by the budget`;
  if (file?.status === 'omitted') return '; left out by the budget';
  return '';
}

function displayPath(absolute: string, relativeTo: string | undefined): string {
  if (relativeTo === undefined || !isInside(relativeTo, absolute)) return absolute;
  // The directory the command runs in is named in full: "." names nothing.
  return path.posix.relative(relativeTo, absolute) || absolute;
}
