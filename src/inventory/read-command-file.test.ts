import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordingBytesRead } from '../../test/support/recorded-bytes.js';
import { makeTestRepository as makeRepository } from '../../test/support/test-repository.js';
import type { Workspace } from '../workspace/workspace.js';
import type { InventoryCommand } from './inventory-result.js';
import { commandName } from './read-command-file.js';
import { scanInventory } from './scan-inventory.js';

/** Write each `.claude/commands/NAME.md`, scan, and return the commands by name. */
async function scanCommands(files: Record<string, string>, wrap = (workspace: Workspace) => workspace) {
  const repository = await makeRepository(
    Object.fromEntries(Object.entries(files).map(([name, text]) => [`.claude/commands/${name}.md`, text])),
  );
  const result = await scanInventory({ workspace: wrap(repository.workspace), roots: ['.claude'] });
  const commands = result.roots[0]?.commands ?? [];
  return Object.fromEntries(commands.map((entry) => [entry.name ?? entry.path, entry]));
}

const codesOf = (entry: InventoryCommand | undefined) =>
  entry?.diagnostics.map((diagnostic) => diagnostic.code);

describe('command files in a scan', () => {
  it('takes the description from the first body line that is neither blank nor a heading', async () => {
    const long = `${'word '.repeat(60)}end`;
    const commands = await scanCommands({
      plain: '\n\n# Title\n## Sub\n   Run the tests, then fix them.   \nSecond line.\n',
      fallback: '---\ndescription: ""\nmodel: haiku\n---\n\n#Not a heading\n',
      headings: '# Only\n\n## Headings\n',
      empty: '',
      long: `${long}\n`,
    });
    expect(commands.plain).toMatchObject({ description: 'Run the tests, then fix them.', diagnostics: [] });
    expect(commands.fallback).toMatchObject({
      description: '#Not a heading',
      attributes: { model: 'haiku' },
    });
    expect(commands.headings).toMatchObject({ description: null, attributes: {}, diagnostics: [] });
    expect(commands.empty).toMatchObject({ description: null, diagnostics: [] });
    const cut = commands.long?.description ?? '';
    expect(Array.from(cut)).toHaveLength(200);
    expect(cut).toBe(`${long.slice(0, 199).trimEnd()}…`);
  });

  it('keeps the frontmatter description whole, whatever the body says', async () => {
    const description = 'x'.repeat(300);
    const { keep } = await scanCommands({ keep: `---\ndescription: ${description}\n---\nBody line.\n` });
    expect(keep?.description).toBe(description);
  });

  it('reports a binary file, a broken or unclosed frontmatter and a bad description, reads a lenient one, and goes on', async () => {
    const repository = await makeRepository({
      '.claude/commands/broken.md': '---\n- [oops\n---\nFix $1.\n',
      '.claude/commands/lenient.md': '---\ndescription: [oops\nargument-hint: "[file]"\n---\nFix $1.\n',
      '.claude/commands/list.md': '---\ndescription: [a, b]\n---\nList things.\n',
      '.claude/commands/open.md': '---\ndescription: never closed\n',
      '.claude/commands/fine.md': '---\ndescription: Fine.\n---\n',
    });
    await writeFile(
      path.join(repository.root, '.claude/commands/blob.md'),
      new Uint8Array([0x2d, 0x2d, 0x2d, 0x0a, 0x00, 0xff]),
    );
    const [root] = (await scanInventory({ workspace: repository.workspace, roots: ['.claude'] })).roots;
    const byName = Object.fromEntries(root?.commands.map((entry) => [entry.name, entry]) ?? []);
    expect(Object.keys(byName)).toEqual(['blob', 'broken', 'fine', 'lenient', 'list', 'open']);
    expect(byName.blob).toMatchObject({ description: null, attributes: {} });
    expect(codesOf(byName.blob)).toEqual(['binary-file']);
    expect(byName.broken).toMatchObject({ description: 'Fix $1.', attributes: {} });
    expect(codesOf(byName.broken)).toEqual(['invalid-frontmatter']);
    expect(byName.lenient).toMatchObject({
      description: '[oops',
      attributes: { 'argument-hint': '[file]' },
    });
    expect(codesOf(byName.lenient)).toEqual(['frontmatter-lenient']);
    expect(byName.list).toMatchObject({ description: 'List things.', attributes: {} });
    expect(codesOf(byName.list)).toEqual(['invalid-description']);
    expect(byName.open).toMatchObject({ description: null });
    expect(codesOf(byName.open)).toEqual(['unclosed-frontmatter']);
    expect(byName.fine).toMatchObject({ description: 'Fine.', diagnostics: [] });
  });

  it('reads at most 64 KiB of a large command', async () => {
    const bytesRead: number[] = [];
    const recordBytes = (workspace: Workspace): Workspace => recordingBytesRead(workspace, bytesRead);
    const { big } = await scanCommands(
      { big: `Summarise the log.\n${'x'.repeat(5 * 1024 * 1024)}` },
      recordBytes,
    );
    expect(big).toMatchObject({ description: 'Summarise the log.', diagnostics: [] });
    expect(bytesRead).toHaveLength(1);
    expect(bytesRead[0]).toBeLessThanOrEqual(64 * 1024);
  });
});

describe('commandName', () => {
  it('is the file name without .md, a subfolder not part of it (as Claude Code names commands)', () => {
    expect(commandName('/repo/.claude/commands', '/repo/.claude/commands/build.md')).toBe('build');
    expect(commandName('/repo/.claude/commands', '/repo/.claude/commands/frontend/build.md')).toBe('build');
    expect(commandName('/repo/.claude/commands', '/repo/.claude/commands/a/b/deploy.md.md')).toBe(
      'deploy.md',
    );
  });
});
