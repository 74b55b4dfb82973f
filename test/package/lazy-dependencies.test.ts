import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../support/cli.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

// The dependencies that only some features need: importing the package, or running a command that
// needs none of them, must not load them.
const onFirstUse = ['zod', 'yaml', 'smol-toml', 'picomatch', 'esbuild', 're2js'];

/**
 * The packages a Node process loaded, by name, whether through `import` (an ESM resolve hook) or
 * `require` (the CommonJS loader), while running `args`.
 */
async function packagesLoadedBy(args: string[], cwd: string): Promise<string[]> {
  const directory = await useTemporaryDirectory();
  const hooks = path.join(directory, 'hooks.mjs');
  await writeFile(
    hooks,
    `export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (result.url.includes('/node_modules/')) process.stderr.write('loaded ' + result.url + '\\n');
  return result;
}
`,
  );
  const register = path.join(directory, 'register.mjs');
  await writeFile(
    register,
    `import { register, Module } from 'node:module';
register(${JSON.stringify(pathToFileURL(hooks).href)});
const load = Module._load;
Module._load = function (request, parent, isMain) {
  const loaded = load.apply(this, arguments);
  try { process.stderr.write('loaded ' + Module._resolveFilename(request, parent, isMain) + '\\n'); } catch {}
  return loaded;
};
`,
  );
  const result = spawnSync(process.execPath, ['--import', pathToFileURL(register).href, ...args], {
    cwd,
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  const names = new Set<string>();
  for (const line of result.stderr.split('\n')) {
    const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(line.startsWith('loaded ') ? line : '');
    if (match?.[1] !== undefined) names.add(match[1]);
  }
  return [...names].sort();
}

describe('dependencies loaded on first use', () => {
  const built = path.join(repositoryRoot, 'dist/index.js');
  const cli = path.join(repositoryRoot, 'dist/cli/main.js');

  it('the built package is there to test', () => {
    expect(existsSync(built), 'run `npm run build` before these tests').toBe(true);
  });

  it('importing agent-context loads none of them', async () => {
    const loaded = await packagesLoadedBy(
      ['--input-type=module', '-e', `await import(${JSON.stringify(pathToFileURL(built).href)});`],
      repositoryRoot,
    );
    expect(loaded.filter((name) => onFirstUse.includes(name))).toEqual([]);
  });

  it('importing agent-context loads neither node:crypto nor node:child_process (the probe sees a later load)', () => {
    // Both cost milliseconds of start-up (crypto brings a dozen internal modules, child_process the
    // network ones) and are loaded when a first hash, random name or process is made.
    const probe = `const heavy = () => process.moduleLoadList.filter((name) => /^NativeModule (crypto|child_process)$/.test(name));
await import(${JSON.stringify(pathToFileURL(built).href)});
const atImport = heavy();
process.getBuiltinModule('node:crypto');
process.stdout.write(JSON.stringify({ atImport, later: heavy() }));`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', probe], { encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ atImport: [], later: ['NativeModule crypto'] });
  });

  it('agent-context --help loads none of them', async () => {
    const loaded = await packagesLoadedBy([cli, '--help'], repositoryRoot);
    expect(loaded.filter((name) => onFirstUse.includes(name))).toEqual([]);
  });

  it('render on a repository of Markdown files without frontmatter loads none of them', async () => {
    const root = await useTemporaryDirectory();
    await mkdir(path.join(root, '.git'));
    await mkdir(path.join(root, 'packages/app'), { recursive: true });
    await writeFile(path.join(root, 'AGENTS.md'), '# Rules\n\nUse pnpm.\n');
    await writeFile(path.join(root, 'packages/app/AGENTS.md'), 'The app package.\n');
    const loaded = await packagesLoadedBy([cli, 'render', 'packages/app'], root);
    expect(loaded.filter((name) => onFirstUse.includes(name))).toEqual([]);
  });

  it('reading a rule with YAML frontmatter loads the YAML parser (the probe sees first use)', async () => {
    const root = await useTemporaryDirectory();
    await mkdir(path.join(root, '.git'));
    await mkdir(path.join(root, '.claude/rules'), { recursive: true });
    await writeFile(
      path.join(root, '.claude/rules/api.md'),
      '---\npaths:\n  - "src/**/*.ts"\n  - "test/**"\n---\nTyped handlers.\n',
    );
    const loaded = await packagesLoadedBy([cli, 'rules', '.'], root);
    expect(loaded).toContain('yaml');
  });
});
