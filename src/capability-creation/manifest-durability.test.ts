import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isAgentContextError } from '../errors.js';
import { sha256Of } from '../shared/sha256.js';
import { writeFileAtomic } from './atomic-write.js';
import { createCapabilityStore } from './capability-store.js';
import { type CapabilityRecord, parseManifest } from './manifest.js';
import { updateManifest } from './manifest-file.js';

let bundleDirectory: string;
let directory: string;

/** The store and the manifest writer bundled to plain JavaScript, so child processes can run them. */
beforeAll(async () => {
  bundleDirectory = await mkdtemp(join(tmpdir(), 'capability-bundle-'));
  const here = fileURLToPath(new URL('.', import.meta.url));
  const esbuildUrl = pathToFileURL(createRequire(import.meta.url).resolve('esbuild')).href;
  await build({
    entryPoints: {
      store: join(here, 'capability-store.ts'),
      'manifest-file': join(here, 'manifest-file.ts'),
      'capability-sandbox': join(here, 'capability-sandbox.ts'),
    },
    outdir: bundleDirectory,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'silent',
    plugins: [
      {
        name: 'esbuild-from-host',
        setup(builder) {
          builder.onResolve({ filter: /^esbuild$/ }, () => ({ path: esbuildUrl, external: true }));
        },
      },
    ],
  });
  await writeFile(join(bundleDirectory, 'package.json'), '{ "type": "module" }\n');
  await writeFile(
    join(bundleDirectory, 'author.js'),
    `import { createCapabilityStore } from './store.js';
const [directory, name] = process.argv.slice(2);
// Twenty writers queue on one lock on a machine with few cores: generous limits keep the test about order, not speed.
const limits = { timeoutMs: 60_000, lock: { timeoutMs: 120_000 } };
const { record } = await createCapabilityStore(directory, limits).write(name, \`export default { name: '\${name}', instructions: () => 'hi' };\`);
process.stdout.write(JSON.stringify(record));
`,
  );
  await writeFile(
    join(bundleDirectory, 'reauthor.js'),
    `import { createCapabilityStore } from './store.js';
const [directory, index] = process.argv.slice(2);
const limits = { timeoutMs: 60_000, lock: { timeoutMs: 120_000 } };
// Odd writers author code that fails validation with a message naming the writer.
const code = Number(index) % 2 === 0
  ? \`export default { name: 'shared', instructions: () => 'writer \${index}' };\`
  : \`throw new Error('writer \${index} fails');\`;
const { record } = await createCapabilityStore(directory, limits).write('shared', code);
process.stdout.write(JSON.stringify(record));
`,
  );
  await writeFile(
    join(bundleDirectory, 'writer.js'),
    `import { updateManifest } from './manifest-file.js';
const [directory, prefix] = process.argv.slice(2);
for (let index = 0; ; index++) {
  const name = prefix + '_' + index;
  const record = { name, moduleFile: name + '.ts', exportName: 'default', status: 'active', lastError: null, sha256: null, updatedAt: new Date().toISOString() };
  await updateManifest(directory, (records) => ({ records: [...records, record], value: undefined }));
  process.stdout.write(name + '\\n');
}
`,
  );
});

afterAll(async () => {
  await rm(bundleDirectory, { recursive: true, force: true });
});

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'capability-durability-'));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

function runNode(
  script: string,
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(bundleDirectory, script), ...args], { stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function manifestNames(): Promise<string[] | undefined> {
  const text = await readFile(join(directory, 'manifest.json'), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  const { records, problems } = parseManifest(text);
  expect(problems).toEqual([]);
  return records.map((record) => record.name);
}

describe('manifest durability across processes', () => {
  it('keeps all 20 records when 20 processes author at once', async () => {
    const names = Array.from({ length: 20 }, (_, index) => `author_${index}`);
    const results = await Promise.all(names.map((name) => runNode('author.js', [directory, name])));
    for (const result of results) expect(result).toMatchObject({ code: 0, stderr: '' });
    const { items } = await createCapabilityStore(directory).list();
    expect(items.map((record) => record.name).sort()).toEqual([...names].sort());
    expect(items.every((record) => record.status === 'active' && record.lastError === null)).toBe(true);
  }, 120_000);

  it('keeps the record describing the module on disk when 20 processes re-author one name at once', async () => {
    const writers = Array.from({ length: 20 }, (_, index) => String(index));
    const results = await Promise.all(writers.map((index) => runNode('reauthor.js', [directory, index])));
    for (const result of results) expect(result).toMatchObject({ code: 0, stderr: '' });
    const { items } = await createCapabilityStore(directory).list();
    expect(items).toHaveLength(1);
    const record = items[0] as CapabilityRecord;
    const onDisk = await readFile(join(directory, 'shared.ts'), 'utf8');
    expect(record.sha256).toBe(sha256Of(onDisk));
    const writer = /writer (\d+)/.exec(onDisk)?.[1];
    if (Number(writer) % 2 === 0) expect(record.lastError).toBeNull();
    else expect(record.lastError).toBe(`Error: writer ${writer} fails`);
    // The writer that holds the name now was told exactly this record.
    const told = results.map((result) => JSON.parse(result.stdout) as CapabilityRecord);
    expect(
      told.filter(
        (candidate) => candidate.sha256 === record.sha256 && candidate.updatedAt === record.updatedAt,
      ),
    ).toHaveLength(1);
  }, 120_000);

  it('never loses an acknowledged record when writers are killed with SIGKILL at random moments', async () => {
    const acknowledged = new Set<string>();
    let iteration = 0;
    // Four lanes of writers run at once, so kills also land while others wait for or hold the lock.
    const lane = async () => {
      try {
        await writeAndKill();
      } catch (error) {
        iteration = Number.POSITIVE_INFINITY;
        throw error;
      }
    };
    const writeAndKill = async () => {
      while (iteration < 200) {
        const prefix = `w${iteration++}`;
        const child = spawn(process.execPath, [join(bundleDirectory, 'writer.js'), directory, prefix]);
        const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
        let buffered = '';
        let scheduled = false;
        child.stdout.on('data', (chunk: Buffer) => {
          buffered += chunk.toString();
          const lines = buffered.split('\n');
          buffered = lines.pop() ?? '';
          for (const line of lines.filter((candidate) => candidate.startsWith(`${prefix}_`))) {
            acknowledged.add(line);
            // Killed at a random moment after its first acknowledged write: mid-lock, mid-write or mid-rename.
            if (!scheduled) setTimeout(() => child.kill('SIGKILL'), Math.random() * 30);
            scheduled = true;
          }
        });
        await exited;
        // Acknowledged before the read began; acks arriving during the read may not be in it yet.
        const expected = [...acknowledged];
        const present = new Set(await manifestNames());
        expect(expected.filter((name) => !present.has(name))).toEqual([]);
      }
    };
    // Every lane stops at the first failure and is awaited, so no writer outlives the test.
    const outcomes = await Promise.allSettled([lane(), lane(), lane(), lane()]);
    for (const outcome of outcomes) if (outcome.status === 'rejected') throw outcome.reason;
    expect(acknowledged.size).toBeGreaterThanOrEqual(200);
    // The next writer removes what killed writers left behind: their temp files and their lock.
    await updateManifest(directory, () => ({ value: undefined }));
    const leftovers = (await readdir(directory)).filter((file) => file !== 'manifest.json');
    expect(leftovers).toEqual([]);
  }, 120_000);
});

describe('manifest repair', () => {
  const capability = (name: string) => `export default { name: '${name}', instructions: () => '${name}' };`;

  it('moves a corrupt manifest aside and rebuilds it from the module files, disabled', async () => {
    const store = createCapabilityStore(directory);
    await store.write('one', capability('one'));
    await store.write('two', capability('two'));
    await writeFile(join(directory, 'manifest.json'), '{ "version": 1, "capabilities": [ { "name": "one", ');

    const { items, diagnostics } = await store.list();
    expect(items.map((record) => [record.name, record.status, record.exportName])).toEqual([
      ['one', 'disabled', null],
      ['two', 'disabled', null],
    ]);
    expect(items[0]?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ severity: 'warning', code: 'manifest-rebuilt' });
    expect(diagnostics[0]?.message).toMatch(
      /^manifest\.json was damaged \(not valid JSON .*\); it was moved to manifest\.json\.corrupt-/,
    );

    const aside = (await readdir(directory)).filter((file) => file.startsWith('manifest.json.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(await readFile(join(directory, aside[0] as string), 'utf8')).toBe(
      '{ "version": 1, "capabilities": [ { "name": "one", ',
    );
    expect(await store.list()).toEqual({ items, diagnostics: [] });
    expect((await store.loadActive()).items).toEqual([]);
    await store.enable('two');
    expect((await store.loadActive()).items.map((loaded) => loaded.name)).toEqual(['two']);
  });

  it('keeps the valid records of a partly damaged manifest as they were', async () => {
    const store = createCapabilityStore(directory);
    await store.write('kept', capability('kept'));
    await store.write('damaged', capability('damaged'));
    const document = JSON.parse(await readFile(join(directory, 'manifest.json'), 'utf8'));
    document.capabilities[1].moduleFile = '../../elsewhere.ts';
    await writeFile(join(directory, 'manifest.json'), JSON.stringify(document));

    const { items, diagnostics } = await store.list();
    expect(items.map((record) => [record.name, record.status])).toEqual([
      ['kept', 'active'],
      ['damaged', 'disabled'],
    ]);
    expect(diagnostics[0]?.message).toContain(
      'record 2: "moduleFile" must be "damaged" plus one of .ts, .mts, .js, .mjs',
    );
  });
});

describe('manifest lock and atomic writes', () => {
  const lockPath = () => join(directory, 'manifest.lock');

  it('takes over a lock whose holder process is dead', async () => {
    await mkdir(directory, { recursive: true });
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    const holder = { pid: dead, hostname: hostname(), token: 'dead-holder', acquiredAt: Date.now() };
    await writeFile(lockPath(), JSON.stringify(holder));
    await updateManifest(directory, () => ({ records: [], value: undefined }), { timeoutMs: 2_000 });
    expect(await manifestNames()).toEqual([]);
  });

  it('takes over a lock held longer than staleMs by a live process', async () => {
    const holder = {
      pid: process.pid,
      hostname: hostname(),
      token: 'old-holder',
      acquiredAt: Date.now() - 60_000,
    };
    await writeFile(lockPath(), JSON.stringify(holder));
    await updateManifest(directory, () => ({ records: [], value: undefined }), {
      timeoutMs: 2_000,
      staleMs: 30_000,
    });
    expect(await manifestNames()).toEqual([]);
  });

  it('times out with lock-timeout while a live holder keeps the lock', async () => {
    const holder = { pid: process.pid, hostname: hostname(), token: 'live-holder', acquiredAt: Date.now() };
    await writeFile(lockPath(), JSON.stringify(holder));
    const attempt = updateManifest(directory, () => ({ records: [], value: undefined }), { timeoutMs: 200 });
    await expect(attempt).rejects.toSatisfy(
      (error: unknown) => isAgentContextError(error) && error.code === 'lock-timeout',
    );
    expect(JSON.parse(await readFile(lockPath(), 'utf8'))).toEqual(holder);
  });

  it('removes the temp file when the final rename fails', async () => {
    await mkdir(join(directory, 'occupied', 'child'), { recursive: true });
    const attempt = writeFileAtomic(join(directory, 'occupied'), 'text');
    await expect(attempt).rejects.toSatisfy(
      (error: unknown) => isAgentContextError(error) && error.code === 'write-failed',
    );
    expect(await readdir(directory)).toEqual(['occupied']);
  });
});
