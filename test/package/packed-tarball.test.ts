import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractCodeBlocks } from '../docs/code-blocks.js';
import { repositoryRoot } from '../support/cli.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

// The package as users receive it: `npm pack`'s tarball, checked by publint and
// @arethetypeswrong/cli, then unpacked into a fresh project the way `npm install` lays it out and
// run through the README's AI SDK quick start with the AI SDK's mock model. No network: the
// project's dependencies are linked from this repository's node_modules. Needs `npm run build`.

const packageJson = JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
const bin = (name: string) => join(repositoryRoot, 'node_modules/.bin', name);
let tarball = '';
// Kept for the whole file (a per-test temporary directory is removed after each test).
const directory = mkdtempSync(join(tmpdir(), 'agent-context-pack-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

beforeAll(() => {
  if (!existsSync(join(repositoryRoot, 'dist/index.js'))) throw new Error('run `npm run build` first');
  const name = execFileSync('npm', ['pack', '--silent', '--pack-destination', directory], {
    cwd: repositoryRoot,
    encoding: 'utf8',
    env: { ...process.env, npm_config_ignore_scripts: 'true' },
  }).trim();
  tarball = join(directory, name.split('\n').pop() ?? '');
}, 120_000);

describe('the packed tarball', () => {
  it('passes publint', () => {
    const result = spawnSync(bin('publint'), ['run', tarball, '--level', 'warning'], { encoding: 'utf8' });
    expect(result.stdout + result.stderr).toContain('All good!');
    expect(result.status).toBe(0);
  }, 60_000);

  it('passes @arethetypeswrong/cli for an ESM-only package', () => {
    const result = spawnSync(
      bin('attw'),
      [tarball, '--profile', 'esm-only', '--format', 'ascii', '--no-color'],
      {
        encoding: 'utf8',
      },
    );
    // Every entry point resolves for ESM consumers (Node 16+ and bundlers); CommonJS resolution is
    // not checked, the package being ESM only. A problem makes attw exit 1.
    const lines = result.stdout.split('\n').filter((line) => /^(node16 \(from ESM\)|bundler):/.test(line));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => !line.includes('🟢'))).toEqual([]);
    expect(result.status).toBe(0);
  }, 60_000);

  it('runs the README’s AI SDK quick start, installed into a fresh project, and prints what the README says', async () => {
    const project = await useTemporaryDirectory('agent-context-install-');
    const modules = join(project, 'node_modules');
    mkdirSync(join(modules, 'agent-context'), { recursive: true });
    execFileSync('tar', ['-xzf', tarball, '-C', join(modules, 'agent-context'), '--strip-components', '1']);
    // Only the packed files: no src/, no tests.
    expect(readdirSync(join(modules, 'agent-context')).sort()).toEqual(['README.md', 'dist', 'package.json']);
    for (const dependency of [...Object.keys(packageJson.dependencies), 'ai', '@ai-sdk/provider']) {
      const target = join(repositoryRoot, 'node_modules', dependency);
      mkdirSync(join(modules, dependency, '..'), { recursive: true });
      symlinkSync(target, join(modules, dependency), 'dir');
    }
    writeFileSync(join(project, 'package.json'), '{ "type": "module", "private": true }\n');
    cpSync(join(repositoryRoot, 'examples/demo-repo'), join(project, 'examples/demo-repo'), {
      recursive: true,
    });
    const readme = readFileSync(join(repositoryRoot, 'README.md'), 'utf8');
    const quickStart = extractCodeBlocks(readme, 'README.md').blocks.find(
      (block) =>
        block.language === 'ts' && block.code.includes("from 'agent-context/ai-sdk'") && block.prints,
    );
    if (quickStart?.prints === undefined) throw new Error('the README has no AI SDK quick start that prints');
    writeFileSync(join(project, 'quick-start.mjs'), quickStart.code);
    const run = spawnSync(process.execPath, ['quick-start.mjs'], { cwd: project, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(quickStart.prints.text);
  }, 60_000);
});
