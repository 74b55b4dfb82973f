import type { Diagnostic } from '../diagnostics.js';
import { formatDiagnostic } from '../format-diagnostic.js';
import type { RuleScope } from '../rules/rule.js';
import { painter } from '../shared/painter.js';
import { cutWithEllipsis } from '../text/cut-text.js';
import { plural } from '../text/plural.js';
import { joinShownLines } from '../text/show-line-breaks.js';
import { capInventoryReport } from './cap-inventory-report.js';
import {
  absenceOf,
  type InventoryResult,
  type InventoryRoot,
  type InventoryRule,
  type InventorySettings,
  listInventoryDiagnostics,
} from './inventory-result.js';

/** Options of {@link renderInventoryTree} and {@link renderInventorySummary}. */
export interface RenderInventoryOptions {
  /** Use ANSI colours (severities, dim paths). Default `false`. */
  color?: boolean;
  /** Descriptions longer than this many characters are cut with `…` (the JSON keeps them whole). Default 120. */
  maxDescriptionChars?: number;
  /**
   * Show every diagnostic of the skills, agents, commands and output styles, instead of at most 20
   * per entry and 1,000 in all with a count of the rest (see `capInventoryReport`). Default `false`.
   */
  allDiagnostics?: boolean;
}

interface TreeNode {
  label: string;
  children: TreeNodes;
}

/**
 * Nodes as the tree renders them, one after the other: an array, or the nodes of a section's entries
 * made as each is rendered (a section can hold 100,000 entries, whose nodes then never all live at once).
 */
interface TreeNodes {
  readonly length: number;
  at(index: number): TreeNode | undefined;
}

/** No nodes (an entry without diagnostics). */
const noNodes: TreeNodes = [];

/** What the tree shows of a skill, an agent or a command. */
interface AssetEntry {
  name: string | null;
  description: string | null;
  path: string;
  diagnostics: Diagnostic[];
  reachableFrom?: string[];
}

/**
 * Render an inventory as a text tree for a terminal: each root (absent ones marked), its skills and
 * agents (`name: description (path)`), slash commands (`/name: description (path)`), output styles
 * (`name: description (path)`), context files (their label) and hook groups
 * (`Event [matcher] (N handlers)`); then, when the result lists rules, the rules by scope
 * (`path (format)`, with the globs and their base, the description or `@name`); every diagnostic on
 * its own line under the entry it concerns (at most 20 per entry and 1,000 in all, each cut counted
 * on one line, unless `allDiagnostics`), and a closing count line, which counts every diagnostic.
 * Ends with a newline.
 *
 * @example
 * .claude
 * ├── skills
 * │   └── pdf: Extract text from PDF files. (.claude/skills/pdf/SKILL.md)
 * ├── commands
 * │   └── /build: Build the storefront. (.claude/commands/frontend/build.md)
 * └── hooks (.claude/settings.json)
 *     └── PreToolUse [Bash] (1 handler)
 * .agents (absent)
 * rules
 * └── files
 *     └── .cursor/rules/react.mdc (cursor): web/**\/*.tsx (base .)
 */
export function renderInventoryTree(full: InventoryResult, options: RenderInventoryOptions = {}): string {
  const parts: string[] = [];
  writeInventoryTree(full, options, (part) => parts.push(part));
  return parts.join('');
}

/**
 * {@link renderInventoryTree}, given to `write` a part at a time as it is made (each part whole
 * lines, each ending with a newline): the command line prints a tree of 100,000 entries without
 * holding all of its text at once. Internal.
 */
export function writeInventoryTree(
  full: InventoryResult,
  options: RenderInventoryOptions,
  write: (part: string) => void,
): void {
  const result = options.allDiagnostics ? full : capInventoryReport(full);
  // The tree lists no `alsoIn`, so the count of its paths left out is not a line of it.
  const rootDiagnostics = (root: InventoryRoot) =>
    root.diagnostics.filter((diagnostic) => diagnostic.code !== 'also-in-capped');
  const paint = painter(options.color ?? false);
  const maxDescription = options.maxDescriptionChars ?? 120;
  const diagnosticNodes = (diagnostics: Diagnostic[]): TreeNode[] =>
    // Each diagnostic sits under the entry it concerns, which names the file: not repeated on its line.
    diagnostics.map(({ path: _entryPath, ...diagnostic }) => ({
      label: formatDiagnostic(diagnostic, paint),
      children: noNodes,
    }));
  const asset = (entry: AssetEntry, prefix: string): TreeNode => {
    const description =
      entry.description === null ? '' : cutWithEllipsis(oneLine(entry.description), maxDescription);
    const title = entry.name === null ? paint.dim('(no name)') : paint.bold(`${prefix}${entry.name}`);
    const via = entry.reachableFrom
      ? ` ${paint.dim(`[also via ${entry.reachableFrom.slice(1).join(', ')}]`)}`
      : '';
    return {
      label: `${title}${description === '' ? '' : `: ${description}`} ${paint.dim(`(${entry.path})`)}${via}`,
      children: entry.diagnostics.length === 0 ? noNodes : diagnosticNodes(entry.diagnostics),
    };
  };

  const lines = shownLines(write);
  for (const node of diagnosticNodes(result.diagnostics ?? [])) lines.push(node.label);
  for (const root of result.roots) {
    const title =
      paint.bold(root.root) + (root.plugin === undefined ? '' : ` ${paint.dim(`(plugin ${root.plugin})`)}`);
    if (!root.exists) {
      lines.push(`${title} ${paint.dim(`(${absenceOf(root)})`)}`);
      renderChildren(lines, diagnosticNodes(rootDiagnostics(root)), '');
      continue;
    }
    const sections: TreeNode[] = [];
    const branch = (label: string, entries: AssetEntry[], prefix = '') => {
      if (entries.length > 0)
        sections.push({
          label,
          children: { length: entries.length, at: (index) => asset(entries[index]!, prefix) },
        });
    };
    branch('skills', root.skills);
    branch('agents', root.agents);
    branch('commands', root.commands, '/');
    branch('output styles', root.outputStyles ?? []);
    if ((root.contextFiles ?? []).length > 0)
      sections.push({
        label: 'context files',
        children: (root.contextFiles ?? []).map((file) => ({ label: file, children: noNodes })),
      });
    for (const listed of root.listedUnder ?? []) {
      const noun = listed.kind.slice(0, -1);
      sections.push({
        label: `${listed.kind}: ${plural(listed.count, noun)} listed under ${paint.bold(listed.root)} ${paint.dim('(the same files, through a link)')}`,
        children: noNodes,
      });
    }
    for (const file of hookFilesOf(root)) {
      const hooks = file.hooks.map((hook) => ({
        label: `${hook.event}${hook.matcher === null ? '' : ` [${hook.matcher}]`} ${paint.dim(`(${plural(hook.handlers, 'handler')})`)}`,
        children: noNodes,
      }));
      const none = file.hooks.length === 0 ? ': none' : '';
      sections.push({
        label: `hooks${none} ${paint.dim(`(${file.path})`)}`,
        children: [...diagnosticNodes(file.diagnostics), ...hooks],
      });
    }
    const empty = sections.length === 0 && rootDiagnostics(root).length === 0;
    lines.push(`${title}${empty ? ` ${paint.dim('(no skills, agents, commands or hooks)')}` : ''}`);
    renderChildren(lines, [...diagnosticNodes(rootDiagnostics(root)), ...sections], '');
  }
  if (result.rules !== undefined) {
    const rules = result.rules;
    const sections = ruleScopes
      .map((scope) => ({
        label: scope,
        children: rules
          .filter((rule) => rule.scope === scope)
          .map((rule) => ({
            label: `${paint.bold(rule.path)} ${paint.dim(`(${rule.format})`)}${ruleDetail(rule, maxDescription)}`,
            children: diagnosticNodes(rule.diagnostics),
          })),
      }))
      .filter((section) => section.children.length > 0);
    const children = [...diagnosticNodes(result.ruleDiagnostics ?? []), ...sections];
    lines.push(`${paint.bold('rules')}${children.length === 0 ? ` ${paint.dim('(none found)')}` : ''}`);
    renderChildren(lines, children, '');
  }
  lines.push(summaryLine(full));
  lines.end();
}

/** Lines given out a part at a time (see {@link shownLines}). */
interface ShownLines {
  push(line: string): void;
  /** Give out the lines still held. */
  end(): void;
}

/** Lines per part of {@link shownLines}. */
const linesPerPart = 4_096;

/**
 * Lines joined as `joinShownLines` joins them (each ended by a newline), a part of 4,096 at a time,
 * given to `write` as each part is full: a tree of 100,000 entries never holds them all as strings
 * made of parts.
 */
function shownLines(write: (part: string) => void): ShownLines {
  let pending: string[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    // An empty last line: the part ends with a newline, made in the join (no second string of it).
    pending.push('');
    write(joinShownLines(pending));
    pending = [];
  };
  return {
    push(line) {
      pending.push(line);
      if (pending.length >= linesPerPart) flush();
    },
    end: flush,
  };
}

/** The scopes in the order the tree lists them. */
const ruleScopes: readonly RuleScope[] = ['always', 'files', 'described', 'manual'];

/** What decides when a rule applies: its globs and their base, its description, or `@name`. */
function ruleDetail(rule: InventoryRule, maxDescription: number): string {
  if (rule.scope === 'files') return `: ${(rule.globs ?? []).join(', ')} (base ${rule.base})`;
  if (rule.scope === 'described')
    return `: ${cutWithEllipsis(oneLine(rule.description ?? rule.name), maxDescription)}`;
  if (rule.scope === 'manual') return `: @${rule.name}`;
  return '';
}

/** The closing line: how many of each kind the tree shows (in its order), and how many problems. */
function summaryLine(result: InventoryResult): string {
  const found = result.roots.filter((root) => root.exists);
  const count = (pick: (root: (typeof found)[number]) => number) =>
    found.reduce((total, root) => total + pick(root), 0);
  const diagnostics = listInventoryDiagnostics(result);
  const bySeverity = (['error', 'warning', 'info'] as const)
    .map(
      (severity) =>
        [severity, diagnostics.filter((diagnostic) => diagnostic.severity === severity).length] as const,
    )
    .filter(([, total]) => total > 0)
    .map(([severity, total]) => plural(total, severity));
  return (
    `${plural(result.roots.length, 'root')} scanned, ${found.length} found: ` +
    `${plural(
      count((root) => root.skills.length),
      'skill',
    )}, ${plural(
      count((root) => root.agents.length),
      'agent',
    )}, ${plural(
      count((root) => root.commands.length),
      'command',
    )}, ${plural(
      count((root) => (root.outputStyles ?? []).length),
      'output style',
    )}, ${plural(
      count((root) => (root.contextFiles ?? []).length),
      'context file',
    )}, ` +
    `${plural(
      count((root) => hookFilesOf(root).reduce((total, file) => total + file.hooks.length, 0)),
      'hook group',
    )}${result.rules === undefined ? '' : `, ${plural(result.rules.length, 'rule')}`}; ` +
    `${bySeverity.length === 0 ? 'no problems' : bySeverity.join(', ')}.`
  );
}

/** Every file of a root that holds hooks: `settings.json` first, then the others. */
export function hookFilesOf(root: InventoryRoot): InventorySettings[] {
  return [...(root.settings ? [root.settings] : []), ...(root.hookFiles ?? [])];
}

/**
 * Push the lines of `nodes` (and of their children, below each) onto `lines`, each after `prefix`
 * and its branch. Pushed one by one: a section can hold 100,000 entries, too many to spread as
 * arguments, and an array per entry would only be copied into the next.
 */
function renderChildren(lines: ShownLines, nodes: TreeNodes, prefix: string): void {
  const branch = `${prefix}├── `;
  const below = `${prefix}│   `;
  for (let index = 0; index < nodes.length; index += 1) {
    const node = nodes.at(index)!;
    const last = index === nodes.length - 1;
    lines.push(`${last ? `${prefix}└── ` : branch}${node.label}`);
    if (node.children.length > 0) renderChildren(lines, node.children, last ? `${prefix}    ` : below);
  }
}

/** `text` with every run of white space one space, and none at either end. */
function oneLine(text: string): string {
  // Most descriptions have single spaces only: a test is cheaper than a replace that changes nothing.
  if (!untidySpace.test(text)) return text;
  return text.replace(/\s+/g, ' ').trim();
}

// Two white-space characters in a row, one that is not a plain space, or one at either end.
const untidySpace = /\s\s|[^\S ]|^\s|\s$/;
