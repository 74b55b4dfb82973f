import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assistantToolNames } from './assistant-tool-names.js';

describe('docs/tool-vocabulary.md', () => {
  it('lists every name of the vocabulary with its roles and source, and nothing else', () => {
    const page = readFileSync(new URL('../../docs/tool-vocabulary.md', import.meta.url), 'utf8');
    const rows = page
      .split('\n')
      .map((line) =>
        /^\| ([a-z-]+) \| `([^`]+)` \| ([a-z, -]+) \| .* \| \[.*\]\((https:[^)]+)\) \|$/.exec(line),
      )
      .filter((match) => match !== null)
      .map(([, assistant, name, roles, source]) => [assistant, name, roles, source]);
    expect(rows).toEqual(
      assistantToolNames.map((entry) => [entry.assistant, entry.name, entry.roles.join(', '), entry.source]),
    );
  });
});
