import { findImportTokens } from './import-tokens.js';
import type { InstructionFile } from './instruction-file.js';

/**
 * Imports placed where they are mentioned, as Gemini CLI, Copilot CLI and Qwen Code lay them out:
 * each `@path` mention whose import was loaded is replaced by the imported file's text (its own
 * imports placed the same way), and the imported file is no longer an item of its own. A mention
 * whose import was not loaded stays as it is (a failed one already shows its marker); an imported
 * file no mention places (none should be left) stays an item. Linear in the texts' length.
 *
 * `keepMentions`: the walk-up files whose imports an assistant does not read (Copilot CLI's
 * `GEMINI.md`): their mentions stay text and what they imported is dropped.
 */
export function inlineImports(
  items: readonly InstructionFile[],
  keepMentions: (file: InstructionFile) => boolean = () => false,
): InstructionFile[] {
  const byPath = new Map<string, InstructionFile>();
  for (const item of items) if (item.reason === 'import') byPath.set(item.path, item);
  const placed = new Set<InstructionFile>();
  const dropped = new Set<string>();
  const textOf = (file: InstructionFile, depth: number): string => {
    const loaded = new Map<string, InstructionFile>();
    for (const entry of file.imports) {
      const imported =
        entry.status === 'loaded' && entry.path !== undefined ? byPath.get(entry.path) : undefined;
      if (imported !== undefined && imported.importedBy === file.path) loaded.set(entry.specifier, imported);
    }
    if (loaded.size === 0 || depth > 64) return file.text;
    let text = '';
    let from = 0;
    for (const token of findImportTokens(file.text)) {
      const imported = loaded.get(token.specifier);
      if (imported === undefined || placed.has(imported)) continue;
      placed.add(imported);
      text += file.text.slice(from, token.start) + textOf(imported, depth + 1);
      from = token.end;
    }
    return text + file.text.slice(from);
  };
  // Items come in order, each walk-up file before its imports: placing a file's imports first
  // tells which of the import items that follow are placed.
  const result: InstructionFile[] = [];
  for (const item of items) {
    if (item.reason === 'import') {
      if (!placed.has(item) && !importedFrom(item, dropped, byPath)) result.push(item);
    } else if (keepMentions(item)) {
      dropped.add(item.path);
      result.push(item);
    } else {
      const text = textOf(item, 0);
      result.push(text === item.text ? item : { ...item, text, characters: text.length });
    }
  }
  return result;
}

/** Whether `item` was pulled in (directly or through other imports) by one of `roots`. */
function importedFrom(
  item: InstructionFile,
  roots: ReadonlySet<string>,
  byPath: ReadonlyMap<string, InstructionFile>,
): boolean {
  let current: InstructionFile | undefined = item;
  for (let hops = 0; current?.importedBy !== undefined && hops < 64; hops += 1) {
    if (roots.has(current.importedBy)) return true;
    current = byPath.get(current.importedBy);
  }
  return false;
}
