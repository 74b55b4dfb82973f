import type { Diagnostic } from '../diagnostics.js';
import { painter } from '../shared/painter.js';
import { plural } from '../text/plural.js';
import { absenceOf, type InventoryResult, listInventoryDiagnostics } from './inventory-result.js';
import { hookFilesOf, type RenderInventoryOptions } from './render-inventory-tree.js';

/**
 * A short inventory section for `agent-context inspect`: one line per configured root, e.g.
 * `.claude: 2 skills, 1 agent, 3 commands, hooks PreToolUse, SessionStart; 1 warning` or `.agents: absent`
 * (a root whose files are an earlier root's, through a link: `.agents: 2 skills (2 through a link,
 * listed under .claude), 0 agents, 0 commands`),
 * and when the result lists rules, one line counting them by scope, e.g.
 * `rules: 2 always, 1 files, 0 described, 1 manual; 1 error`.
 * Output styles and context files are counted after the commands when a root has any
 * (`.claude: 0 skills, 0 agents, 0 commands, 1 output style`).
 * Diagnostics are counted, not listed (`agent-context inventory` lists them). No heading; lines
 * joined with `\n`, no trailing newline; `''` when no root is configured and no rule is listed.
 */
export function renderInventorySummary(
  result: InventoryResult,
  options: Pick<RenderInventoryOptions, 'color'> = {},
): string {
  const paint = painter(options.color ?? false);
  const problemsTail = (problems: Diagnostic[]): string => {
    const counts = (['error', 'warning'] as const)
      .map(
        (severity) =>
          [severity, problems.filter((diagnostic) => diagnostic.severity === severity).length] as const,
      )
      .filter(([, count]) => count > 0)
      .map(([severity, count]) => (severity === 'error' ? paint.red : paint.yellow)(plural(count, severity)));
    return counts.length > 0 ? `; ${counts.join(', ')}` : '';
  };
  const lines = result.roots.map((root) => {
    const tail = problemsTail(listInventoryDiagnostics({ roots: [root] }));
    if (!root.exists) return `${paint.bold(root.root)}: ${paint.dim(absenceOf(root))}${tail}`;
    const files = hookFilesOf(root);
    const events = [...new Set(files.flatMap((file) => file.hooks.map((hook) => hook.event)))];
    const count = (kind: 'skills' | 'agents' | 'commands', noun: string) => {
      const linked = (root.listedUnder ?? []).filter((listed) => listed.kind === kind);
      const through = linked.map((listed) => `${listed.count} through a link, listed under ${listed.root}`);
      const total = root[kind].length + linked.reduce((sum, listed) => sum + listed.count, 0);
      return `${plural(total, noun)}${through.length > 0 ? ` (${through.join('; ')})` : ''}`;
    };
    const parts = [count('skills', 'skill'), count('agents', 'agent'), count('commands', 'command')];
    const outputStyles = (root.outputStyles ?? []).length;
    const contextFiles = (root.contextFiles ?? []).length;
    if (outputStyles > 0) parts.push(plural(outputStyles, 'output style'));
    if (contextFiles > 0) parts.push(plural(contextFiles, 'context file'));
    if (events.length > 0) parts.push(`hooks ${events.join(', ')}`);
    else if (files.length > 0) parts.push('no hooks');
    const plugin = root.plugin === undefined ? '' : ` (plugin ${root.plugin})`;
    return `${paint.bold(root.root)}${plugin}: ${parts.join(', ')}${tail}`;
  });
  if (result.rules !== undefined) {
    const rules = result.rules;
    const counts = (['always', 'files', 'described', 'manual'] as const).map(
      (scope) => `${rules.filter((rule) => rule.scope === scope).length} ${scope}`,
    );
    const tail = problemsTail(
      listInventoryDiagnostics({ roots: [], rules, ruleDiagnostics: result.ruleDiagnostics ?? [] }),
    );
    lines.push(`${paint.bold('rules')}: ${counts.join(', ')}${tail}`);
  }
  return lines.join('\n');
}
