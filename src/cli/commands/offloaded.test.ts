import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../../test/support/cli.js';
import { useTemporaryDirectory } from '../../../test/support/temporary-directory.js';

const run = (cwd: string, args: string[]) => runCliInProcess(cwd, ['offloaded', ...args]);

async function offloadDirectory(
  files: Record<string, { bytes: number; hours: number }>,
  directory = '.context',
) {
  const root = await useTemporaryDirectory();
  await mkdir(path.join(root, directory), { recursive: true });
  for (const [name, { bytes, hours }] of Object.entries(files)) {
    const file = path.join(root, directory, name);
    await writeFile(file, 'x'.repeat(bytes));
    const time = new Date(Date.now() - hours * 3_600_000 - 60_000);
    await utimes(file, time, time);
  }
  return root;
}

describe('agent-context offloaded', () => {
  it('lists offloaded files with size, age, tool and call id', async () => {
    const root = await offloadDirectory({
      'bash-call_1.txt': { bytes: 46_080, hours: 3 },
      'grep-toolu_02.txt': { bytes: 512, hours: 80 },
      'README.md': { bytes: 10, hours: 0 },
    });
    const { code, stdout } = await run(root, []);
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        '.context: 2 offloaded results, 45.5 KiB',
        'SIZE      AGE  TOOL  CALL ID   FILE',
        '45.0 KiB  3h   bash  call_1    bash-call_1.txt',
        '512 B     3d   grep  toolu_02  grep-toolu_02.txt',
        '',
      ].join('\n'),
    );
  });

  it('shows --limit rows of the table and counts the rest, while --json lists every file', async () => {
    const root = await offloadDirectory({
      'bash-call_1.txt': { bytes: 10, hours: 1 },
      'bash-call_2.txt': { bytes: 10, hours: 1 },
      'bash-call_3.txt': { bytes: 10, hours: 1 },
    });
    const { code, stdout } = await run(root, ['--limit', '1']);
    expect(code).toBe(0);
    expect(stdout.split('\n')).toEqual([
      '.context: 3 offloaded results, 30 B',
      'SIZE  AGE  TOOL  CALL ID  FILE',
      '10 B  1h   bash  call_1   bash-call_1.txt',
      '[2 more: --limit 0 shows every one, --json lists all]',
      '',
    ]);
    expect((await run(root, ['--limit', '0'])).stdout.split('\n')).toHaveLength(6);
    expect(JSON.parse((await run(root, ['--limit', '1', '--json'])).stdout).files).toHaveLength(3);
    expect((await run(root, ['--limit', 'many'])).code).toBe(2);
  });

  it('says so when nothing was offloaded yet', async () => {
    const root = await useTemporaryDirectory();
    expect(await run(root, [])).toEqual({
      code: 0,
      stdout: 'No offloaded results in .context (the directory does not exist yet).\n',
      stderr: '',
    });
  });

  it('removes files older than --older-than with --clean, and nothing else', async () => {
    const root = await offloadDirectory(
      {
        'bash-a.txt': { bytes: 10, hours: 50 },
        'bash-b.txt': { bytes: 10, hours: 1 },
        'notes.txt': { bytes: 1, hours: 99 },
      },
      'out',
    );
    const { code, stdout } = await run(root, ['out', '--clean', '--older-than', '2d']);
    expect(code).toBe(0);
    expect(stdout).toBe('Removed 1 offloaded result (10 B) from out.\n  bash-a.txt\n');
    expect((await readdir(path.join(root, 'out'))).sort()).toEqual(['bash-b.txt', 'notes.txt']);
  });

  it('filters the listing with --older-than and prints JSON with --json', async () => {
    const root = await offloadDirectory({
      'bash-a.txt': { bytes: 3, hours: 5 },
      'bash-b.txt': { bytes: 4, hours: 0 },
    });
    const { stdout } = await run(root, ['--older-than', '30m', '--json']);
    const parsed = JSON.parse(stdout);
    expect(parsed.files.map((file: { name: string; size: number }) => [file.name, file.size])).toEqual([
      ['bash-a.txt', 3],
    ]);
    expect(parsed.files[0].ageMs).toBeGreaterThanOrEqual(5 * 3_600_000);
  });

  it('refuses --clean without --older-than, a bad duration and a missing directory', async () => {
    const root = await useTemporaryDirectory();
    expect((await run(root, ['--clean'])).stderr).toContain('--clean needs --older-than');
    expect((await run(root, ['--older-than', '2 weeks'])).stderr).toContain('invalid duration "2 weeks"');
    const missing = await run(root, ['nowhere']);
    expect(missing).toMatchObject({
      code: 1,
      stderr: `agent-context offloaded: The directory ${path.join(root, 'nowhere')} does not exist.\n`,
    });
  });
});
