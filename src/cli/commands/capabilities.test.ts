import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../../test/support/cli.js';
import { useTemporaryDirectory } from '../../../test/support/temporary-directory.js';
import { createCapabilityStore } from '../../index.js';

const run = (cwd: string, args: string[]) => runCliInProcess(cwd, ['capabilities', ...args]);

const wordCount = `export default {
  name: 'word_count',
  instructions: () => 'Count words with count_words.',
  tools: () => [{
    name: 'count_words',
    description: 'Count words.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
    execute: ({ text }: { text: string }) => String(text.split(' ').length),
  }],
};`;

async function storeWith(codes: Record<string, string>) {
  const root = await useTemporaryDirectory('capabilities-cli-');
  const store = createCapabilityStore(path.join(root, 'caps'));
  for (const [name, code] of Object.entries(codes)) await store.write(name, code);
  return { root, store };
}

describe('agent-context capabilities', () => {
  it('lists authored capabilities with status, export and last error', async () => {
    const { root, store } = await storeWith({ word_count: wordCount, broken: 'export const x = 1;' });
    const { items } = await store.list();
    const { code, stdout, stderr } = await run(root, ['--dir', 'caps']);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const [first, second] = items.map((record) => record.updatedAt);
    expect(stdout).toBe(
      [
        'caps: 2 authored capabilities, 1 failing',
        `NAME        STATUS  EXPORT   UPDATED${' '.repeat((first as string).length - 7)}  ERROR`,
        `word_count  active  default  ${first}  -`,
        `broken      active  -        ${second}  no capability export found`,
        '',
      ].join('\n'),
    );
  });

  it('prints the records as JSON', async () => {
    const { root, store } = await storeWith({ word_count: wordCount });
    const { stdout } = await run(root, ['list', '--dir', 'caps', '--json']);
    expect(JSON.parse(stdout)).toEqual({
      directory: 'caps',
      capabilities: (await store.list()).items,
      diagnostics: [],
    });
  });

  it('validates one capability again and exits 1 when it fails', async () => {
    const { root, store } = await storeWith({ word_count: wordCount });
    expect(await run(root, ['validate', 'word_count', '--dir', 'caps'])).toEqual({
      code: 0,
      stdout: 'word_count: valid (export default; tools: count_words; 1 instruction block)\n',
      stderr: '',
    });
    await writeFile(
      path.join(store.directory, 'word_count.ts'),
      'export default { name: "word_count", tools: 3 };',
    );
    expect(await run(root, ['validate', 'word_count', '--dir', 'caps'])).toEqual({
      code: 1,
      stdout: 'word_count: fails validation: tools must be a method, got a number (3)\n',
      stderr: '',
    });
    expect((await store.list()).items[0]?.lastError).toBe('tools must be a method, got a number (3)');
  });

  it('disables and enables a capability', async () => {
    const { root, store } = await storeWith({ word_count: wordCount });
    expect((await run(root, ['disable', 'word_count', '--dir', 'caps'])).stdout).toBe(
      'word_count: disabled (not loaded from the next run on; word_count.ts is kept)\n',
    );
    expect((await store.list()).items[0]?.status).toBe('disabled');
    expect((await run(root, ['enable', 'word_count', '--dir', 'caps'])).stdout).toBe(
      'word_count: enabled, valid (export default; tools: count_words; 1 instruction block)\n',
    );
    expect((await store.list()).items[0]?.status).toBe('active');
  });

  it.each([
    [['list'], 'agent-context capabilities: missing --dir DIR: the capability directory\n'],
    [
      ['--dir', 'nowhere'],
      expect.stringMatching(/^agent-context capabilities: The directory \S+\/nowhere does not exist\.\n$/),
    ],
    [
      ['remove', 'x', '--dir', 'caps'],
      'agent-context capabilities: unknown action "remove": use list, validate NAME, disable NAME or enable NAME\n',
    ],
    [['enable', '--dir', 'caps'], 'agent-context capabilities: enable needs a capability NAME\n'],
    [
      ['enable', 'ghost', '--dir', 'caps'],
      'agent-context capabilities: No authored capability is named "ghost" (known: word_count).\n',
    ],
    [
      ['enable', 'Bad-Name', '--dir', 'caps'],
      expect.stringMatching(/^agent-context capabilities: Invalid capability name "Bad-Name"/),
    ],
  ])('refuses %j with one line on stderr (and a --help pointer for a usage error)', async (args, message) => {
    const { root } = await storeWith({ word_count: wordCount });
    const result = await run(root, args);
    const [first, ...rest] = result.stderr.trimEnd().split('\n');
    expect(`${first}\n`).toEqual(message);
    const usage = ['list', '--dir', 'remove', 'enable'].includes(String(args[0])) && rest.length > 0;
    expect(result).toMatchObject({ code: usage ? 2 : 1, stdout: '' });
    expect(rest).toEqual(usage ? ['Run "agent-context capabilities --help" for its options.'] : []);
  });
});
