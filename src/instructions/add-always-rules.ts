import type { Diagnostic } from '../diagnostics.js';
import type { LoadedRule } from '../rules/rule.js';
import { sha256Of } from '../shared/sha256.js';
import type { InstructionDiscovery, InstructionFile } from './instruction-file.js';

/**
 * The discovery with the `always` rules added as instruction files (reason `rule`), in precedence
 * order: user-level rules first, then, for each directory searched (ancestors first), its
 * instruction files with their imports followed by the rules found in it. A rule whose body equals
 * an instruction file's text (after line endings and surrounding blank lines) is skipped as a
 * duplicate, with a diagnostic.
 */
export function addAlwaysRules(
  discovery: InstructionDiscovery,
  rules: readonly LoadedRule[],
): InstructionDiscovery {
  const always = rules.filter((rule) => rule.scope === 'always');
  if (always.length === 0) return discovery;
  const diagnostics: Diagnostic[] = [];
  const texts = new Map(discovery.items.map((item) => [hashOf(item.text), item.label]));
  const groups = new Map<string, InstructionFile[]>();
  let current = discovery.searched[0] ?? discovery.directory;
  for (const item of discovery.items) {
    if (item.reason === 'walk-up') current = item.directory;
    const group = groups.get(current) ?? [];
    group.push(item);
    groups.set(current, group);
  }
  const ruleItems = new Map<string, InstructionFile[]>();
  const userItems: InstructionFile[] = [];
  for (const rule of always) {
    const sameText = texts.get(rule.sha256);
    if (sameText !== undefined) {
      diagnostics.push({
        severity: 'info',
        code: 'duplicate',
        message: `Skipped ${rule.path}: the same text as ${sameText}.`,
        path: rule.path,
      });
      continue;
    }
    const item = ruleFile(rule);
    if (rule.level === 'user') {
      userItems.push(item);
    } else {
      const list = ruleItems.get(rule.baseDirectory) ?? [];
      list.push(item);
      ruleItems.set(rule.baseDirectory, list);
    }
  }
  const directories = [...discovery.searched];
  for (const directory of [...groups.keys(), ...ruleItems.keys()]) {
    if (!directories.includes(directory)) directories.push(directory);
  }
  const items = [
    ...userItems,
    ...directories.flatMap((directory) => [
      ...(groups.get(directory) ?? []),
      ...(ruleItems.get(directory) ?? []),
    ]),
  ];
  return { ...discovery, items, diagnostics: [...discovery.diagnostics, ...diagnostics] };
}

function ruleFile(rule: LoadedRule): InstructionFile {
  return {
    path: rule.absolutePath,
    realPath: rule.absolutePath,
    label: rule.path,
    directory: rule.baseDirectory,
    reason: 'rule',
    importDepth: 0,
    text: rule.body,
    characters: rule.body.length,
    size: Buffer.byteLength(rule.body),
    sha256: rule.sha256,
    imports: [],
    rule: { format: rule.format, name: rule.name },
  };
}

function hashOf(text: string): string {
  return sha256Of(text.replace(/\r\n?/g, '\n').trim());
}
