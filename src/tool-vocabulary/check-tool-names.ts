import type { Diagnostic } from '../diagnostics.js';
import { assistantOfFile } from './assistant.js';
import { parseToolPattern } from './parse-tool-pattern.js';
import { toolVocabulary } from './tool-vocabulary.js';

/** `Read, Grep`, `Read Grep` or a YAML list, as a list of names; `undefined` when absent (`null` too). */
export function parseToolList(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  const text = String(value);
  const items = Array.isArray(value) ? value.map(String) : text.split(text.includes(',') ? ',' : /\s+/);
  return items.map((item) => item.trim()).filter((item) => item !== '');
}

const vocabulary = toolVocabulary();

/**
 * A warning (`unknown-tool-name`) for each name of a file's tool list that no assistant's vocabulary
 * knows (read as the names of the assistant whose folder holds the file): only a host tool of exactly
 * that name can match it. `*` and names with a specifier are checked by their name.
 */
export function checkToolNames(names: readonly string[], label: string, owner: string): Diagnostic[] {
  const assistant = assistantOfFile(label);
  const diagnostics: Diagnostic[] = [];
  for (const written of names) {
    const { name } = parseToolPattern(written);
    if (
      name === '*' ||
      vocabulary.rolesOfName(name, assistant === undefined ? {} : { assistant }) !== undefined
    )
      continue;
    diagnostics.push({
      severity: 'warning',
      code: 'unknown-tool-name',
      message: `${owner} names the tool \`${name}\`, which no assistant's vocabulary knows: only a host tool named exactly \`${name}\` will match it.`,
      path: label,
    });
  }
  return diagnostics;
}
