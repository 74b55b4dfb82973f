import { formatDiagnostic } from '../format-diagnostic.js';
import { showLineBreaks } from '../text/show-line-breaks.js';
import { unreadableWorkingDirectory } from '../workspace/unreadable-directories.js';
import type { RulesReport } from './inspect-rules.js';
import type { Rule, RuleScope } from './rule.js';

const scopes: Array<{ scope: RuleScope; heading: string }> = [
  { scope: 'always', heading: 'always (in the project instructions of every run)' },
  { scope: 'files', heading: 'files (delivered when a matching file is touched)' },
  {
    scope: 'described',
    heading: 'described (named in the rules catalog; the agent reads them when relevant)',
  },
  { scope: 'manual', heading: 'manual (delivered when the user writes @name)' },
];

/**
 * The text of `agent-context rules`: the rules grouped by scope in load order, each with its format
 * and what decides when it applies (globs and base, description, `@name`); with a file, which rules
 * apply to it; then the files not loaded and a summary line. Ends with a newline.
 */
export function formatRulesReport(report: RulesReport): string {
  const lines: string[] = [];
  if (report.file !== undefined) {
    const { file } = report;
    lines.push(`Rules that apply to ${file.path}:`);
    if (file.matches.length === 0) lines.push('  no files rule matches it');
    for (const match of file.matches) lines.push(`  ${match.path} (${match.format}) matched ${match.glob}`);
    lines.push(`  and the ${file.always.length} always ${file.always.length === 1 ? 'rule' : 'rules'}`, '');
  }
  for (const { scope, heading } of scopes) {
    const rules = report.rules.filter((rule) => rule.scope === scope);
    if (rules.length === 0) continue;
    lines.push(`${heading}:`);
    for (const rule of rules) lines.push(`  ${rule.path} (${rule.format})${detail(rule)}`);
    lines.push('');
  }
  if (report.rules.length === 0) {
    const unreadable = unreadableWorkingDirectory(report.diagnostics);
    lines.push(
      unreadable === undefined ? 'No rules found.' : `No rules found: ${unreadable} could not be read.`,
      '',
    );
  }
  const others = report.diagnostics.length;
  if (others > 0) {
    lines.push(`Diagnostics (${others}):`);
    for (const diagnostic of report.diagnostics) lines.push(`  ${formatDiagnostic(diagnostic)}`);
    lines.push('');
  }
  const counts = scopes.map(
    ({ scope }) => `${report.rules.filter((rule) => rule.scope === scope).length} ${scope}`,
  );
  lines.push(
    `${report.rules.length} ${report.rules.length === 1 ? 'rule' : 'rules'}: ${counts.join(', ')}; ${report.skipped.length} skipped.`,
  );
  return `${lines.map(showLineBreaks).join('\n')}\n`;
}

function detail(rule: Rule): string {
  if (rule.scope === 'files') return `: ${(rule.globs ?? []).join(', ')} (base ${rule.base})`;
  if (rule.scope === 'described') return `: ${rule.description ?? ''}`;
  if (rule.scope === 'manual') return `: @${rule.name}`;
  // An always rule of a subfolder's rule folder applies to everything in that subfolder.
  if (rule.base !== '.' && !rule.base.startsWith('..') && rule.level === 'project')
    return `: everything in ${rule.base}`;
  return '';
}
