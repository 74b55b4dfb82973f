import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../test/support/cli.js';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';

/** Every command, with the arguments that name its directory. */
const directoryArguments: Array<[string, (directory: string) => string[]]> = [
  ['inspect', (directory) => [directory]],
  ['render', (directory) => [directory]],
  ['inventory', (directory) => [directory]],
  ['rules', (directory) => [directory]],
  ['offloaded', (directory) => [directory]],
  ['capabilities', (directory) => ['--dir', directory]],
  ['mcp', (directory) => ['--dir', directory]],
];

async function repository(files: Record<string, string>): Promise<string> {
  const root = await useTemporaryDirectory();
  await mkdir(path.join(root, '.git'));
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), text);
  }
  return root;
}

describe('one exit-code rule and one message style for every command', () => {
  it.each(directoryArguments)(
    '%s: a missing directory is exit code 1 and one line in one wording',
    async (name, args) => {
      const root = await useTemporaryDirectory();
      const result = await runCliInProcess(root, [name, ...args('nowhere')]);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(
        new RegExp(`^agent-context ${name}: The (capability )?directory \\S+/nowhere does not exist\\.\\n$`),
      );
    },
  );

  it.each(directoryArguments)(
    '%s: an unknown option is exit code 2, one line and a --help pointer',
    async (name) => {
      const root = await useTemporaryDirectory();
      const result = await runCliInProcess(root, [name, '--bogus']);
      expect(result).toEqual({
        code: 2,
        stdout: '',
        stderr: `agent-context ${name}: unknown option --bogus\nRun "agent-context ${name} --help" for its options.\n`,
      });
    },
  );

  it('render: --json is an unknown option, in the same words as any other', async () => {
    const root = await useTemporaryDirectory();
    expect((await runCliInProcess(root, ['render', '--json'])).stderr).toBe(
      'agent-context render: unknown option --json\nRun "agent-context render --help" for its options.\n',
    );
  });

  it('an unknown command is exit code 2, one line and a --help pointer', async () => {
    const root = await useTemporaryDirectory();
    expect(await runCliInProcess(root, ['explode'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'agent-context: unknown command "explode"\nRun "agent-context --help" for the commands.\n',
    });
  });

  it.each(['inspect', 'render', 'inventory', 'rules'])(
    '%s: a file that could not be used (an error diagnostic) is exit code 1',
    async (name) => {
      const root = await repository({
        'AGENTS.md': 'binary\u0000file\n',
        '.cursor/rules/style.mdc': '---\nalwaysApply: true\n---\nbinary\u0000rule\n',
        'CLAUDE.md': 'Use tabs.\n',
      });
      const result = await runCliInProcess(root, [name, '.']);
      expect(result.code).toBe(1);
      expect(`${result.stdout}${result.stderr}`).toMatch(/error: .*binary/i);
    },
  );

  it.each(['inspect', 'render', 'inventory', 'rules'])(
    '%s: a readable repository is exit code 0',
    async (name) => {
      const root = await repository({
        'AGENTS.md': 'Use tabs.\n',
        '.cursor/rules/style.mdc': '---\nalwaysApply: true\n---\nQuote strings.\n',
      });
      expect((await runCliInProcess(root, [name, '.'])).code).toBe(0);
    },
  );

  it.each(['inspect', 'render', 'inventory', 'rules'])(
    '%s: a --stop-at that is not an ancestor means the directory alone, never an error',
    async (name) => {
      const root = await repository({ 'AGENTS.md': 'Root.\n', 'app/AGENTS.md': 'App.\n', 'other/x.md': '' });
      const apart = await runCliInProcess(root, [name, 'app', '--stop-at', 'other']);
      const alone = await runCliInProcess(root, [name, 'app', '--stop-at', 'app']);
      expect(apart.code).toBe(0);
      expect(apart.stderr).toBe('');
      // inspect also says, as an info line, that the ceiling was not an ancestor.
      if (name === 'inspect')
        expect(apart.stdout).toContain('Load order (1 file):\n  1. AGENTS.md  (walk-up');
      else expect(apart.stdout).toBe(alone.stdout);
    },
  );
});
