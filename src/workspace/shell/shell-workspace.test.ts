import { execFileSync } from 'node:child_process';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '../../../test/support/temporary-directory.js';
import { isAgentContextError } from '../../errors.js';
import { localWorkspace } from '../local-workspace.js';
import type { ListRequest, Workspace } from '../workspace.js';
import { countingExec, localShellExec } from './shell-exec.test-support.js';
import { shellWorkspace } from './shell-workspace.js';

/** Names a script must carry through quoting untouched. */
const hostileNames = [
  "it's",
  'new\nline',
  '$HOME',
  '`id`',
  '-rf',
  'a "b"',
  'tab\there',
  'trailing\n',
  '*',
  'ü',
];

async function setUp() {
  const base = await useTemporaryDirectory();
  const root = path.join(base, 'root');
  await mkdir(path.join(root, 'app', '.cursor', 'rules', 'deep'), { recursive: true });
  await mkdir(path.join(root, 'app', '.claude'), { recursive: true });
  await mkdir(path.join(base, 'outside'));
  await writeFile(path.join(base, 'outside', 'secret.md'), 'secret');
  await writeFile(path.join(root, 'AGENTS.md'), 'root rules\n');
  await writeFile(path.join(root, 'app', 'AGENTS.md'), 'app rules\n');
  await writeFile(path.join(root, 'app', 'binary.bin'), Buffer.from([0, 1, 2, 255, 254, 10, 13, 0]));
  await writeFile(path.join(root, 'app', '.claude', 'CLAUDE.md'), 'claude rules\n');
  await writeFile(path.join(root, 'app', '.cursor', 'rules', 'api.mdc'), 'api');
  await writeFile(path.join(root, 'app', '.cursor', 'rules', 'deep', 'db.mdc'), 'db rule');
  await symlink('AGENTS.md', path.join(root, 'app', 'CLAUDE.md'));
  await symlink('../../outside/secret.md', path.join(root, 'app', 'GEMINI.md'));
  await symlink('../../outside', path.join(root, 'app', 'linked'));
  await symlink('missing.md', path.join(root, 'app', 'CLAUDE.local.md'));
  await symlink('loop-b', path.join(root, 'app', 'loop-a'));
  await symlink('loop-a', path.join(root, 'app', 'loop-b'));
  await symlink('..', path.join(root, 'app', 'up'));
  execFileSync('mkfifo', [path.join(root, 'app', 'pipe')]);
  for (const name of hostileNames) await writeFile(path.join(root, 'app', name), `content of ${name}`);
  return { root, base };
}

/** A value or the code it threw, times left out (the shell reads them to the millisecond). */
async function answer(call: () => Promise<unknown>): Promise<unknown> {
  try {
    const value = await call();
    if (value === undefined) return undefined;
    return JSON.parse(
      JSON.stringify(value, function (this: Record<string, unknown>, key, field) {
        const raw = this[key];
        if (key === 'modifiedMs') return undefined;
        if (key === 'error') return isAgentContextError(raw) ? raw.code : String(raw);
        if (raw instanceof Uint8Array) return Buffer.from(raw).toString('base64');
        return field;
      }),
    );
  } catch (error) {
    return isAgentContextError(error) ? `${error.code}: ${error.message}` : `thrown: ${String(error)}`;
  }
}

const probes = [
  '.',
  'AGENTS.md',
  'app',
  'app/AGENTS.md',
  'app/CLAUDE.md',
  'app/GEMINI.md',
  'app/CLAUDE.local.md',
  'app/linked',
  'app/linked/secret.md',
  'app/linked/missing/deeper',
  'app/loop-a',
  'app/up/app/AGENTS.md',
  'app/pipe',
  'app/binary.bin',
  'app/AGENTS.md/below',
  'app/missing/deeper/x',
  'app/.cursor/rules',
  '../outside/secret.md',
  ...hostileNames.map((name) => `app/${name}`),
];

describe('shellWorkspace over a real sh', () => {
  it('answers every single call as localWorkspace does, refusals included, each in one exec', async () => {
    const { root } = await setUp();
    const local = localWorkspace(root);
    const exec = countingExec(localShellExec());
    const shell: Workspace = shellWorkspace({ root: local.root, exec });
    for (const probe of probes) {
      for (const method of ['stat', 'realpath', 'readdir'] as const) {
        exec.reset();
        expect([probe, method, await answer(() => shell[method](probe))]).toEqual([
          probe,
          method,
          await answer(() => local[method](probe)),
        ]);
        expect(exec.calls).toBeLessThanOrEqual(1);
      }
      for (const options of [{}, { maxBytes: 3 }, { start: 2, maxBytes: 4 }, { start: 100 }]) {
        expect([probe, options, await answer(() => shell.readFile(probe, options))]).toEqual([
          probe,
          options,
          await answer(() => local.readFile(probe, options)),
        ]);
      }
    }
  });

  it('answers the batches as localWorkspace does, each batch in one exec', async () => {
    const { root } = await setUp();
    const local = localWorkspace(root);
    const exec = countingExec(localShellExec());
    const shell = shellWorkspace({ root: local.root, exec });
    const requests: ListRequest[] = [
      {
        path: 'app',
        names: [
          'AGENTS.md',
          'CLAUDE.md',
          '.claude/CLAUDE.md',
          'CLAUDE.local.md',
          'GEMINI.md',
          'loop-a',
          "it's",
          '.cursor/rules',
          'x/y',
        ],
        depth: 8,
        read: { maxBytes: 5 },
      },
      { path: '.', depth: 2 },
      { path: 'missing' },
      { path: 'app/linked' },
      { path: 'AGENTS.md' },
    ];
    expect(await answer(() => shell.listDirectories!(requests))).toEqual(
      await answer(() => local.listDirectories!(requests)),
    );
    expect(exec.calls).toBe(1);
    expect(await answer(() => shell.statPaths!(probes))).toEqual(
      await answer(() => local.statPaths!(probes)),
    );
    expect(await answer(() => shell.readFiles!(probes, { maxBytes: 4 }))).toEqual(
      await answer(() => local.readFiles!(probes, { maxBytes: 4 })),
    );
    expect(exec.calls).toBe(3);
  });

  it('writes and removes files with hostile names inside the root, and refuses the way out', async () => {
    const { root, base } = await setUp();
    const local = localWorkspace(root);
    const exec = countingExec(localShellExec());
    const shell = shellWorkspace({ root: local.root, exec });
    for (const name of hostileNames) {
      exec.reset();
      await shell.writeFile!(`new/${name}/file`, `written ${name}`);
      expect(exec.calls).toBe(1);
      expect(await readFile(path.join(root, 'new', name, 'file'), 'utf8')).toBe(`written ${name}`);
    }
    await shell.writeFile!('app/bytes.bin', new Uint8Array([0, 255, 10, 0]));
    expect([...(await readFile(path.join(root, 'app', 'bytes.bin')))]).toEqual([0, 255, 10, 0]);
    expect(await answer(() => shell.writeFile!('app/AGENTS.md', 'again', { exclusive: true }))).toMatch(
      /^already-exists/,
    );
    expect(await answer(() => shell.writeFile!('app/linked/evil.md', 'x'))).toMatch(
      /^path-outside-workspace/,
    );
    expect(await answer(() => shell.writeFile!('../outside/evil.md', 'x'))).toMatch(
      /^path-outside-workspace/,
    );
    expect(await answer(() => shell.writeFile!('app/.claude', 'x'))).toMatch(/^not-a-file/);
    await shell.removeFile!('app/CLAUDE.md');
    expect(await readFile(path.join(root, 'app', 'AGENTS.md'), 'utf8')).toBe('app rules\n');
    expect(await answer(() => shell.removeFile!('app/.claude'))).toMatch(/^not-a-file/);
    expect(await answer(() => shell.removeFile!('app/none'))).toMatch(/^not-found/);
    await shell.removeFile!(`app/${hostileNames[0]}`);
    expect(await answer(() => local.stat(`app/${hostileNames[0]}`))).toBeUndefined();
    expect(await readFile(path.join(base, 'outside', 'secret.md'), 'utf8')).toBe('secret');
  });
});
