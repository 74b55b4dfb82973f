import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import picomatch from 'picomatch';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nestedInstructions } from '../instructions/nested/nested-instructions.js';
import type { ContextEvent } from '../session/capability.js';
import { createContextSession } from '../session/context-session.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { memoryWorkspace } from '../workspace/memory-workspace.js';
import type { ListRequest } from '../workspace/workspace.js';
import { workspaceBatches } from '../workspace/workspace-batches.js';
import { fileTools } from './file-tools.js';

let parent: string;
let root: string;
beforeEach(async () => {
  parent = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'agent-context-search-')));
  root = path.join(parent, 'repo');
  await fs.mkdir(root);
  await fs.mkdir(path.join(parent, 'outside'));
  await fs.writeFile(path.join(parent, 'outside/secret.ts'), 'export const secret = "hunter2";\n');
});
afterEach(async () => {
  await fs.rm(parent, { recursive: true, force: true });
});

async function write(files: Record<string, string | Uint8Array>): Promise<void> {
  for (const [name, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await fs.writeFile(path.join(root, name), content);
  }
}

async function tools(
  capabilities: Parameters<typeof createContextSession>[0]['capabilities'] = [fileTools()],
) {
  const session = createContextSession({ workspace: localWorkspace(root), capabilities });
  const events: ContextEvent[] = [];
  session.on((event) => events.push(event));
  const run = await session.startRun();
  let id = 0;
  const call = (toolName: string, input: unknown) => run.executeTool({ id: `call_${++id}`, toolName, input });
  return { call, events };
}

/** A tree shaped like a small monorepo, with names that exercise globs (dots, depth, braces). */
function fixtureTree(): Record<string, string> {
  const files: Record<string, string> = {
    '.gitignore': 'node_modules/\n*.log\n/build\n!keep.log\ndist\n# a comment\n\\#hash.txt\n',
    'README.md': '# Repo\nTODO: write the readme\n',
    'keep.log': 'kept log\n',
    'debug.log': 'ignored log\n',
    '#hash.txt': 'ignored by an escaped pattern\n',
    'build/out.js': 'ignored build output\n',
    'src/build/keep.ts': 'export const build = 1; // a nested build folder is not /build\n',
    'node_modules/pkg/index.js': 'module.exports = "TODO ignored";\n',
    'packages/api/.gitignore': 'generated/\n*.tmp\n',
    'packages/api/generated/client.ts': 'export const generated = true;\n',
    'packages/api/notes.tmp': 'TODO temp\n',
    'packages/api/dist/index.js': 'dist is ignored from the root file\n',
    '.github/workflows/ci.yml': 'name: ci\n',
    '.env.example': 'KEY=value\n',
  };
  for (let index = 0; index < 40; index += 1) {
    const area = ['api', 'web', 'cli', 'shared'][index % 4];
    const extension = ['ts', 'tsx', 'test.ts', 'md', 'json'][index % 5];
    files[`packages/${area}/src/module-${index}.${extension}`] = [
      `// module ${index}`,
      index % 3 === 0
        ? `export function load${index}(input: string) {`
        : `export const value${index} = ${index};`,
      index % 7 === 0 ? '  // TODO: handle errors' : '  return input;',
      index % 2 === 0 ? 'const  spaced = "tab\there";' : '}',
      '',
    ].join('\n');
  }
  return files;
}

/** What git itself lists as the tree's files: tracked-to-be, not ignored (no global excludes). */
function gitFiles(): string[] {
  execFileSync('git', ['init', '-q'], { cwd: root });
  const output = execFileSync(
    'git',
    ['-c', 'core.excludesFile=/dev/null', 'ls-files', '--others', '--exclude-standard', '-z'],
    { cwd: root, encoding: 'utf8' },
  );
  return output
    .split('\0')
    .filter((name) => name !== '')
    .sort();
}

describe('find_files', () => {
  it('lists what picomatch matches among the files git does not ignore, for every glob', async () => {
    await write(fixtureTree());
    const expected = gitFiles();
    const { call } = await tools();
    const globs = [
      '**/*.ts',
      '*.md',
      'packages/*/src/*.{ts,tsx}',
      '**/module-1?.*',
      'packages/**',
      '**/.*',
      '**/*.test.ts',
      '.github/**/*.yml',
      'src/**',
    ];
    for (const glob of globs) {
      const matcher = picomatch(glob, { dot: true });
      const want = expected.filter((file) => matcher(file));
      const result = await call('find_files', { pattern: glob });
      expect(result.isError, glob).toBe(false);
      const got = String(result.output)
        .split('\n')
        .filter((line) => !line.startsWith('['));
      expect(got, glob).toEqual(want);
    }
  });

  it('matches relative to `path` and reports each listed file as touched', async () => {
    await write(fixtureTree());
    const { call } = await tools();
    const result = await call('find_files', { pattern: '*.json', path: 'packages/web/src' });
    expect(result.output).toBe('packages/web/src/module-29.json\npackages/web/src/module-9.json');
    expect(result.touched).toEqual([
      { path: 'packages/web/src/module-29.json', kind: 'file' },
      { path: 'packages/web/src/module-9.json', kind: 'file' },
    ]);
  });

  it('caps the listing and says how many more there are', async () => {
    await write(fixtureTree());
    const session = createContextSession({
      workspace: localWorkspace(root),
      capabilities: [fileTools({ maxPaths: 3 })],
    });
    const run = await session.startRun();
    const result = await run.executeTool({ id: 'c', toolName: 'find_files', input: { pattern: '**/*.ts' } });
    const lines = String(result.output).split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[3]).toMatch(/^\[\d+ more: narrow the pattern or the path\]$/);
  });

  it('refuses an invalid glob, a `..` glob and a path outside the workspace as tool errors', async () => {
    await write({ 'a.ts': '' });
    const { call } = await tools();
    expect(await call('find_files', { pattern: 'src/{a,b' })).toMatchObject({ isError: true });
    expect(String((await call('find_files', { pattern: '../outside/*.ts' })).output)).toContain('`..`');
    expect(String((await call('find_files', { pattern: '*.ts', path: '..' })).output)).toContain(
      'outside the workspace',
    );
    expect(String((await call('find_files', { pattern: '*.ts', path: '../outside' })).output)).toContain(
      'outside the workspace',
    );
    expect(String((await call('find_files', { pattern: '*.ts', path: 'a.ts' })).output)).toContain(
      'not a directory',
    );
  });
});

describe('search_files', () => {
  it('finds the lines grep -rn finds, for patterns RE2 and extended grep read alike', async () => {
    const files = fixtureTree();
    delete files['.gitignore'];
    delete files['packages/api/.gitignore'];
    await write(files);
    const { call } = await tools();
    const patterns = [
      'TODO',
      'export (function|const) [a-z]+[0-9]+',
      '^\\s+return',
      'module-?[0-9]{2}',
      'tab\there',
      '[A-Z]{3,}=',
      'x^',
      '\\}$',
    ];
    for (const pattern of patterns) {
      let grep = '';
      try {
        grep = execFileSync('grep', ['-rnIE', pattern, '.'], { cwd: root, encoding: 'utf8' });
      } catch {
        grep = ''; // grep exits 1 when nothing matches
      }
      const want = grep
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => line.replace(/^\.\//, '').replace(/^([^:]+:\d+):/, '$1: '))
        .sort();
      const result = await call('search_files', { pattern });
      expect(result.isError, pattern).toBe(false);
      const got = String(result.output)
        .split('\n')
        .filter((line) => !line.startsWith('['))
        .sort();
      expect(got, pattern).toEqual(want);
    }
  });

  it('honours .gitignore files, filters by glob, ignores case when asked, and touches the files it lists', async () => {
    await write(fixtureTree());
    const { call } = await tools();
    const result = await call('search_files', { pattern: 'todo', ignoreCase: true });
    expect(String(result.output).split('\n')).toEqual([
      'README.md:2: TODO: write the readme',
      'packages/api/src/module-0.ts:3:   // TODO: handle errors',
      'packages/api/src/module-28.md:3:   // TODO: handle errors',
      'packages/cli/src/module-14.json:3:   // TODO: handle errors',
      'packages/shared/src/module-35.ts:3:   // TODO: handle errors',
      'packages/shared/src/module-7.test.ts:3:   // TODO: handle errors',
      'packages/web/src/module-21.tsx:3:   // TODO: handle errors',
      '[passed over: 7 ignored by .gitignore]',
    ]);
    expect(result.touched?.map((touch) => touch.path)).toEqual([
      'README.md',
      'packages/api/src/module-0.ts',
      'packages/api/src/module-28.md',
      'packages/cli/src/module-14.json',
      'packages/shared/src/module-35.ts',
      'packages/shared/src/module-7.test.ts',
      'packages/web/src/module-21.tsx',
    ]);
    const filtered = await call('search_files', { pattern: 'TODO', glob: '*.ts', path: 'packages' });
    expect(String(filtered.output).split('\n')).toEqual([
      'packages/api/src/module-0.ts:3:   // TODO: handle errors',
      'packages/shared/src/module-35.ts:3:   // TODO: handle errors',
      'packages/shared/src/module-7.test.ts:3:   // TODO: handle errors',
      '[passed over: 3 ignored by .gitignore]',
    ]);
  });

  it('passes over binary files and symbolic links out of the workspace, and refuses `..`', async () => {
    await write({
      'src/a.ts': 'const secret = "not here";\n',
      'image.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0x73, 0x65, 0x63, 0x72, 0x65, 0x74]),
    });
    await fs.symlink('../outside', path.join(root, 'linked-out'));
    await fs.symlink('../outside/secret.ts', path.join(root, 'secret-link.ts'));
    const { call } = await tools();
    const result = await call('search_files', { pattern: 'secret' });
    expect(String(result.output).split('\n')).toEqual([
      'src/a.ts:1: const secret = "not here";',
      '[passed over: 1 binary files, 2 symbolic links not followed]',
    ]);
    expect(String(result.output)).not.toContain('hunter2');
    expect(String((await call('search_files', { pattern: 'secret', path: '../outside' })).output)).toContain(
      'outside the workspace',
    );
    expect(String((await call('find_files', { pattern: '**/*.ts' })).output)).toBe(
      'src/a.ts\n[passed over: 2 symbolic links not followed]',
    );
  });

  it('answers patterns written to make a backtracking engine take exponential or polynomial time', async () => {
    await write({
      'long.txt': `${'a'.repeat(50_000)}!\n`,
      'lines.txt': `${'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n'.repeat(2_000)}`,
    });
    const { call } = await tools();
    for (const pattern of ['(a+)+b', '(a|aa)*b', 'a*a*a*a*a*a*a*a*a*a*a*a*b', '(.*a){12}b']) {
      const result = await call('search_files', { pattern });
      expect(result.output, pattern).toMatch(/^\[search_files: no line under \. matches/);
    }
  });

  it('refuses a malformed pattern and a look-behind (not RE2) with a tool error saying why', async () => {
    await write({ 'a.ts': 'x\n' });
    const { call } = await tools();
    expect(await call('search_files', { pattern: '(unclosed' })).toMatchObject({ isError: true });
    const lookBehind = await call('search_files', { pattern: '(?<=x)y' });
    expect(lookBehind.isError).toBe(true);
    expect(String(lookBehind.output)).toContain('RE2 syntax');
  });

  it('stops at maxMatches and cuts long lines', async () => {
    await write({
      'many.txt': `${'match this line\n'.repeat(10)}`,
      'wide.txt': `match ${'x'.repeat(1_000)}\n`,
    });
    const session = createContextSession({
      workspace: localWorkspace(root),
      capabilities: [fileTools({ maxMatches: 4, maxMatchChars: 20 })],
    });
    const run = await session.startRun();
    const result = await run.executeTool({ id: 'c', toolName: 'search_files', input: { pattern: 'match' } });
    expect(String(result.output).split('\n')).toEqual([
      'many.txt:1: match this line',
      'many.txt:2: match this line',
      'many.txt:3: match this line',
      'many.txt:4: match this line',
      '[stopped at 4 matching lines: narrow the pattern, the path or the glob]',
    ]);
  });

  it('surfaces the nested instructions of the directories its matches are in', async () => {
    await write({
      'AGENTS.md': 'Root.\n',
      'packages/x/AGENTS.md': 'Run the x tests after a change.\n',
      'packages/x/src/index.ts': 'export const needle = 1;\n',
    });
    const { call, events } = await tools([fileTools(), nestedInstructions()]);
    await call('search_files', { pattern: 'needle' });
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'loaded', reason: 'nested', path: 'packages/x/AGENTS.md' }),
    );
  });
});

describe('search_files with reads under way', () => {
  it('answers a failed batch read as the tool error it always was, the reads ahead of it settled', async () => {
    const files: Record<string, string> = {};
    for (let index = 0; index < 600; index += 1)
      files[`src/file-${String(index).padStart(3, '0')}.ts`] = 'TODO\n';
    const inner = memoryWorkspace(files);
    let requests = 0;
    // The second batch's request fails as a whole (a sandbox gone), while later ones are under way.
    const failing = {
      ...inner,
      listDirectories: async (list: readonly ListRequest[]) => {
        requests += 1;
        if (requests === 2) throw new Error('the sandbox is gone');
        return workspaceBatches(inner).listDirectories(list);
      },
    };
    const session = createContextSession({
      workspace: failing,
      capabilities: [fileTools({ maxMatches: 10_000 })],
    });
    const run = await session.startRun();
    const result = await run.executeTool({
      id: 'call_1',
      toolName: 'search_files',
      input: { pattern: 'TODO' },
    });
    expect(result.isError).toBe(true);
    expect(String(result.output)).toContain('the sandbox is gone');
    expect(requests).toBeGreaterThanOrEqual(3);
  });
});
