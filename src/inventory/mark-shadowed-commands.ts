import type { InventoryCommand } from './inventory-result.js';
import type { ScannedRoot } from './scanned-root.js';

/**
 * Mark slash commands that share a name, in scan order (nearest directory first, roots in the
 * configured order, paths sorted), as `commands()` resolves them: the first of a name is the one
 * typed `/NAME` runs; every later one gets `shadowedBy` (the first one's path) and an `info`
 * (`shadowed-command`). Claude Code's `frontend/build.md` and `backend/build.md` are both `/build`,
 * so one of them is shadowed. Plugin commands are compared only within their plugin (assistants
 * namespace them); a refused link (no name) is never compared. Where one root alone has commands
 * (of the project, or of a plugin) and their names already rise (most folders of `name.md` files,
 * listed in order), no name can repeat: nothing is marked, and no name is hashed.
 */
export function markShadowedCommands(roots: ScannedRoot[]): void {
  // By plugin (`undefined`: the project's own), in scan order: the roots that have commands.
  const byPlugin = new Map<string | undefined, ScannedRoot[]>();
  for (const root of roots) {
    if (root.result.commands.length === 0) continue;
    const group = byPlugin.get(root.place.plugin);
    if (group === undefined) byPlugin.set(root.place.plugin, [root]);
    else group.push(root);
  }
  for (const group of byPlugin.values()) {
    if (group.length === 1 && namesRise(group[0]!.result.commands)) continue;
    markWithin(group);
  }
}

/** Mark the commands of `roots` (one plugin's, or the project's) that a command before them names. */
function markWithin(roots: readonly ScannedRoot[]): void {
  // By name: no key string built per command.
  const first = new Map<string, InventoryCommand>();
  for (const { result } of roots) {
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

/**
 * True when the names of `commands` (those that have one) rise strictly: then none is there twice.
 * Compared by code unit, the engine's own comparison: any strict order proves the names distinct,
 * and code units order most listed names as code points do (the rest take the map).
 */
function namesRise(commands: readonly InventoryCommand[]): boolean {
  let previous: string | undefined;
  for (let index = 0; index < commands.length; index += 1) {
    const { name } = commands[index]!;
    if (name === null) continue;
    if (previous !== undefined && previous >= name) return false;
    previous = name;
  }
  return true;
}
