import type { InventoryCommand } from './inventory-result.js';
import type { ScannedRoot } from './scanned-root.js';

/**
 * Mark slash commands that share a name, in scan order (nearest directory first, roots in the
 * configured order, paths sorted), as `commands()` resolves them: the first of a name is the one
 * typed `/NAME` runs; every later one gets `shadowedBy` (the first one's path) and an `info`
 * (`shadowed-command`). Claude Code's `frontend/build.md` and `backend/build.md` are both `/build`,
 * so one of them is shadowed. Plugin commands are compared only within their plugin (assistants
 * namespace them); a refused link (no name) is never compared.
 */
export function markShadowedCommands(roots: ScannedRoot[]): void {
  // By plugin (`undefined`: the project's own), then by name: no key string built per command.
  const firstByPlugin = new Map<string | undefined, Map<string, InventoryCommand>>();
  for (const { place, result } of roots) {
    let first = firstByPlugin.get(place.plugin);
    if (first === undefined) {
      first = new Map();
      firstByPlugin.set(place.plugin, first);
    }
    const { commands } = result;
    for (let index = 0; index < commands.length; index += 1) {
      const command = commands[index]!;
      if (command.name === null) continue;
      const winner = first.get(command.name);
      if (winner === undefined) {
        first.set(command.name, command);
        continue;
      }
      command.shadowedBy = winner.path;
      command.diagnostics.push({
        severity: 'info',
        code: 'shadowed-command',
        message: `The command /${command.name} of ${command.path} is shadowed by ${winner.path}, which has the same name.`,
        path: command.path,
      });
    }
  }
}
