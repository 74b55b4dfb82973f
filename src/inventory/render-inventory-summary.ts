import { painter } from '../shared/painter.js';
import { type InventoryResult, listInventoryDiagnostics } from './inventory-result.js';
import { hookFilesOf, plural, type RenderInventoryOptions } from './render-inventory-tree.js';

/**
 * A short inventory section for `agent-context inspect`: one line per configured root, e.g.
 * `.claude: 2 skills, 1 agent, 3 commands, hooks PreToolUse, SessionStart; 1 warning` or `.agents: absent`.
 * Diagnostics are counted, not listed (`agent-context inventory` lists them). No heading; lines
 * joined with `\n`, no trailing newline; `''` when no root is configured.
 */
export function renderInventorySummary(
  result: InventoryResult,
  options: Pick<RenderInventoryOptions, 'color'> = {},
): string {
  const paint = painter(options.color ?? false);
  return result.roots
    .map((root) => {
      const problems = listInventoryDiagnostics({ roots: [root] });
      const counts = (['error', 'warning'] as const)
        .map(
          (severity) =>
            [severity, problems.filter((diagnostic) => diagnostic.severity === severity).length] as const,
        )
        .filter(([, count]) => count > 0)
        .map(([severity, count]) =>
          (severity === 'error' ? paint.red : paint.yellow)(plural(count, severity)),
        );
      const tail = counts.length > 0 ? `; ${counts.join(', ')}` : '';
      if (!root.exists) return `${paint.bold(root.root)}: ${paint.dim('absent')}${tail}`;
      const files = hookFilesOf(root);
      const events = [...new Set(files.flatMap((file) => file.hooks.map((hook) => hook.event)))];
      const parts = [
        plural(root.skills.length, 'skill'),
        plural(root.agents.length, 'agent'),
        plural(root.commands.length, 'command'),
      ];
      if (events.length > 0) parts.push(`hooks ${events.join(', ')}`);
      else if (files.length > 0) parts.push('no hooks');
      const plugin = root.plugin === undefined ? '' : ` (plugin ${root.plugin})`;
      return `${paint.bold(root.root)}${plugin}: ${parts.join(', ')}${tail}`;
    })
    .join('\n');
}
