import { spawnSync } from 'node:child_process';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '../../../test/support/temporary-directory.js';
import type { Diagnostic } from '../../diagnostics.js';
import { type InventoryResult, listInventoryDiagnostics } from '../../inventory/inventory-result.js';

// As root, `chmod 000` blocks nothing: the built CLI runs as the user `nobody` (65534) through
// setpriv, on a tree that user can read except the one directory made unreadable.
const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../dist/cli/main.js');
const isRoot = process.getuid?.() === 0;
const hasSetpriv = spawnSync('setpriv', ['--version']).status === 0;
const why = !isRoot
  ? 'skipped: needs root, to run the CLI as another user'
  : !hasSetpriv
    ? 'skipped: needs setpriv, to run the CLI as another user'
    : 'run as another user through setpriv';

const files: Record<string, string> = {
  'AGENTS.md': 'Use pnpm.\n',
  '.claude/skills/review/SKILL.md': '---\nname: review\ndescription: Reviews.\n---\nReview.\n',
  '.claude/rules/style.md': 'Two spaces.\n',
  '.claude/settings.json': '{}\n',
  '.clinerules/tone.md': 'Be brief.\n',
  '.github/copilot-instructions.md': 'Copilot notes.\n',
};

const locked: string[] = [];
afterEach(async () => {
  for (const directory of locked.splice(0)) await chmod(directory, 0o755);
});

/** A repository readable by anyone, then `unreadable` (relative to it, `''` for itself) made 000. */
async function repository(unreadable: string) {
  const base = await useTemporaryDirectory();
  const root = path.join(base, 'repo');
  await mkdir(path.join(root, '.git'), { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), text);
  }
  spawnSync('chmod', ['-R', 'a+rX', base]);
  const target = path.join(root, unreadable);
  await chmod(target, 0);
  locked.push(target);
  return { base, root };
}

function run(cwd: string, ...args: string[]) {
  const result = spawnSync(
    'setpriv',
    ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, cli, ...args],
    { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
  );
  return { stdout: result.stdout, stderr: result.stderr, status: result.status };
}

const errorLines = (text: string) => text.split('\n').filter((line) => /\berror: /.test(line));

describe.skipIf(!isRoot || !hasSetpriv)(`a directory made unreadable (${why})`, () => {
  it('.claude: one diagnostic per command, naming it, and the inventory says unreadable, not absent', async () => {
    const { root } = await repository('.claude');
    const message = 'Could not read the directory .claude: permission denied (EACCES)';
    for (const command of ['inspect', 'rules', 'inventory']) {
      const { stdout, status } = run(root, command, '.');
      expect(errorLines(stdout), command).toHaveLength(1);
      expect(errorLines(stdout)[0], command).toContain(message);
      expect(status, command).toBe(1);
    }
    const render = run(root, 'render', '.');
    expect(render.stdout).toContain('<context-file path="AGENTS.md">');
    expect(errorLines(render.stderr)).toHaveLength(1);
    expect(errorLines(render.stderr)[0]).toContain(message);
    expect(run(root, 'inspect', '.').stdout).toContain('  .claude: unreadable; 1 error\n');
    const inventory = run(root, 'inventory', '.').stdout;
    expect(inventory).toContain('.claude (unreadable)\n');
    expect(inventory).not.toContain('.claude (absent)');
    const json = JSON.parse(run(root, 'inventory', '.', '--json').stdout) as InventoryResult;
    expect(json.roots[0]).toMatchObject({ root: '.claude', exists: false, unreadable: '.claude' });
    expect(listInventoryDiagnostics(json).map((diagnostic) => diagnostic.code)).toEqual([
      'unreadable-directory',
    ]);
  });

  it('the repository root: one diagnostic per command, and every printer says it could not be read', async () => {
    const { base } = await repository('');
    const message = 'Could not read the directory . (the working directory): permission denied (EACCES)';
    for (const command of ['inspect', 'rules', 'inventory']) {
      const { stdout, status } = run(base, command, 'repo');
      expect(errorLines(stdout), command).toHaveLength(1);
      expect(errorLines(stdout)[0], command).toContain(message);
      expect(status, command).toBe(1);
    }
    expect(run(base, 'inspect', 'repo').stdout).toContain('No instruction files found: . could not be read.');
    expect(run(base, 'inspect', 'repo').stdout).toContain('  .claude: not checked: . could not be read\n');
    expect(run(base, 'rules', 'repo').stdout).toContain('No rules found: . could not be read.');
    expect(run(base, 'inventory', 'repo').stdout).toContain('.claude (not checked: . could not be read)\n');
    const render = run(base, 'render', 'repo');
    expect(render.stdout).toBe('');
    expect(errorLines(render.stderr)).toHaveLength(1);
    expect(render.stderr).toContain('searched (. could not be read)');
    for (const command of ['inspect', 'rules']) {
      const report = JSON.parse(run(base, command, 'repo', '--json').stdout) as {
        diagnostics?: Diagnostic[];
        discovery?: { diagnostics: Diagnostic[] };
      };
      const diagnostics = report.diagnostics ?? report.discovery?.diagnostics ?? [];
      expect(
        diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path]),
        command,
      ).toEqual([['unreadable-directory', '.']]);
    }
  });
});
