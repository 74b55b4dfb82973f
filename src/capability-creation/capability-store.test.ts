import { mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isAgentContextError } from '../errors.js';
import type { ToolDefinition } from '../session/capability.js';
import { sha256Of } from '../shared/sha256.js';
import { instructionsOf, valid } from './capability-fixtures.test-support.js';
import { createCapabilityStore } from './capability-store.js';
import { validationRun } from './inspect-capability.js';

let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'capability-store-'));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('createCapabilityStore: records and files', () => {
  it('writes the module and a 2-space manifest, and lists records in insertion order', async () => {
    const store = createCapabilityStore(directory);
    await store.write('alpha', valid('alpha'));
    await store.write('beta', valid('beta'));
    expect(await readFile(join(directory, 'alpha.ts'), 'utf8')).toBe(valid('alpha'));
    const manifest = await readFile(join(directory, 'manifest.json'), 'utf8');
    expect(manifest).toMatch(/^\{\n {2}"version": 1,\n {2}"capabilities": \[\n {4}\{\n {6}"name": "alpha",/);
    const { items, diagnostics } = await store.list();
    expect(items.map((record) => record.name)).toEqual(['alpha', 'beta']);
    expect(diagnostics).toEqual([]);
  });

  it.each(['Bad-Name', '../x', 'ok\n', '', '1abc', 'a'.repeat(65)])(
    'refuses the name %j before writing anything',
    async (name) => {
      const store = createCapabilityStore(join(directory, 'store'));
      const attempt = store.write(name, valid('x'));
      await expect(attempt).rejects.toSatisfy(
        (error: unknown) => isAgentContextError(error) && error.code === 'invalid-name',
      );
      await expect(stat(join(directory, 'store'))).rejects.toThrow(/ENOENT/);
    },
  );

  it.each([{ timeoutMs: 0 }, { memoryLimitMb: -1 }, { timeoutMs: Number.NaN }])(
    'refuses the validation limits %j',
    (limits) => {
      expect(() => createCapabilityStore(directory, limits)).toThrow(/must be a positive number/);
    },
  );

  it('keeps broken code on disk with its lastError', async () => {
    const store = createCapabilityStore(directory);
    const code = 'export const nothing = 1;';
    await store.write('broken', code);
    expect(await readFile(join(directory, 'broken.ts'), 'utf8')).toBe(code);
    const { items } = await store.list();
    expect(items[0]).toMatchObject({
      name: 'broken',
      lastError: 'no capability export found',
      exportName: null,
    });
  });

  it('records broken code written over a valid capability and stops loading it', async () => {
    const store = createCapabilityStore(directory);
    await store.write('flaky', valid('flaky'));
    const { record } = await store.write('flaky', 'export default { name: 42 };');
    expect(record.lastError).toBe('capability name must be a non-empty string, got a number (42)');
    const { items, diagnostics } = await store.loadActive();
    expect(items).toEqual([]);
    expect(diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['authored-capability-skipped']);
  });

  it('loads the re-authored class, never the stale module', async () => {
    const store = createCapabilityStore(directory);
    await store.write(
      'versioned',
      "export class Foo { name = 'versioned'; instructions() { return 'V1'; } }",
    );
    expect(await instructionsOf((await store.loadActive()).items[0] as never)).toBe('V1');
    await store.write(
      'versioned',
      "export class Bar { name = 'versioned'; instructions() { return 'V2'; } }",
    );
    const { items } = await store.loadActive();
    expect(items).toHaveLength(1);
    expect(await instructionsOf(items[0] as never)).toBe('V2');
    expect((await store.list()).items[0]?.exportName).toBe('Bar');
  });

  it('keeps the insertion order when one capability is rewritten', async () => {
    const store = createCapabilityStore(directory);
    for (const name of ['first', 'second', 'third']) await store.write(name, valid(name));
    await store.write('second', valid('second', 'Changed.'));
    const { items } = await store.list();
    expect(items.map((record) => record.name)).toEqual(['first', 'second', 'third']);
    const loaded = await store.loadActive();
    expect(await instructionsOf(loaded.items[1] as never)).toBe('Changed.');
  });

  it('lists and loads nothing from a missing directory, without creating it', async () => {
    const store = createCapabilityStore(join(directory, 'missing'));
    expect(await store.list()).toEqual({ items: [], diagnostics: [] });
    expect(await store.loadActive()).toEqual({ items: [], diagnostics: [], records: [] });
    await expect(stat(join(directory, 'missing'))).rejects.toThrow(/ENOENT/);
  });

  it('creates its own directory at the first write, inside an existing parent', async () => {
    const store = createCapabilityStore(join(directory, 'store'));
    await store.write('alpha', valid('alpha'));
    expect(await readFile(join(directory, 'store/alpha.ts'), 'utf8')).toBe(valid('alpha'));
  });

  it('never creates a missing parent: the write is a not-found error and nothing is created', async () => {
    const store = createCapabilityStore(join(directory, 'missing/store'));
    const attempt = store.write('alpha', valid('alpha'));
    await expect(attempt).rejects.toSatisfy(
      (error: unknown) =>
        isAgentContextError(error) &&
        error.code === 'not-found' &&
        error.path === join(directory, 'missing/store') &&
        /its parent .*missing does not exist/.test(error.message),
    );
    await expect(stat(join(directory, 'missing'))).rejects.toThrow(/ENOENT/);
  });

  it('refuses a store path that is a file, and one below a file, as not-found', async () => {
    await writeFile(join(directory, 'file'), 'not a directory\n');
    for (const path of [join(directory, 'file'), join(directory, 'file/store')]) {
      const attempt = createCapabilityStore(path).write('alpha', valid('alpha'));
      await expect(attempt).rejects.toSatisfy(
        (error: unknown) => isAgentContextError(error) && error.code === 'not-found',
      );
    }
    expect(await readFile(join(directory, 'file'), 'utf8')).toBe('not a directory\n');
  });

  it('skips disabled capabilities until they are enabled again', async () => {
    const store = createCapabilityStore(directory);
    await store.write('quiet', valid('quiet'));
    await store.write('loud', valid('loud'));
    expect((await store.disable('quiet')).record.status).toBe('disabled');
    expect((await store.loadActive()).items.map((capability) => capability.name)).toEqual(['loud']);
    expect((await store.enable('quiet')).record).toMatchObject({ status: 'active', lastError: null });
    expect((await store.loadActive()).items.map((capability) => capability.name)).toEqual(['quiet', 'loud']);
  });

  it('refuses to enable, disable or validate an unknown name, naming the known ones', async () => {
    const store = createCapabilityStore(directory);
    await store.write('known', valid('known'));
    for (const action of [store.enable, store.disable, store.validate]) {
      await expect(action('unknown')).rejects.toThrow(
        'No authored capability is named "unknown" (known: known).',
      );
    }
  });
});

describe('createCapabilityStore: loadActive', () => {
  it('records a module broken after authoring, does not rewrite an unchanged manifest, and clears the fixed error', async () => {
    const store = createCapabilityStore(directory);
    await store.write('edited', valid('edited'));
    await writeFile(join(directory, 'edited.ts'), 'export default { name: "edited", tools: () => "nope" };');

    const first = await store.loadActive();
    expect(first.items).toEqual([]);
    expect(first.diagnostics[0]?.code).toBe('authored-capability-changed');
    expect(first.diagnostics[1]?.message).toBe(
      'Authored capability "edited" was not loaded: tools() returned a string ("nope"); expected a list of tool definitions',
    );
    const manifestPath = join(directory, 'manifest.json');
    const afterFirst = await stat(manifestPath);
    expect((await store.list()).items[0]?.lastError).toBe(
      'tools() returned a string ("nope"); expected a list of tool definitions',
    );

    await store.loadActive();
    const afterSecond = await stat(manifestPath);
    expect(afterSecond.ino).toBe(afterFirst.ino);
    expect(afterSecond.mtimeMs).toBe(afterFirst.mtimeMs);

    await writeFile(join(directory, 'edited.ts'), valid('edited', 'Fixed.'));
    const fixed = await store.loadActive();
    expect(await instructionsOf(fixed.items[0] as never)).toBe('Fixed.');
    expect((await store.list()).items[0]?.lastError).toBeNull();
  });

  it('records a module that fails only once loaded into the capability host, and skips it after', async () => {
    const store = createCapabilityStore(directory);
    const code = `
const inHost = (process.argv.at(-1) ?? '').includes('"attribution":true');
if (inHost) throw new Error('fails in the host');
export default {
  name: 'host_only',
  tools: () => [{ name: 'ping', description: 'Answer pong.', inputSchema: { type: 'object' }, execute: () => 'pong' }],
};`;
    expect((await store.write('host_only', code)).record.lastError).toBeNull();
    const { items } = await store.loadActive();
    const tools = ((await items[0]?.tools?.(validationRun())) ?? []) as ToolDefinition[];
    const tool = tools[0];
    if (tool === undefined) throw new Error('the proxy gave no tool');
    await expect(tool.execute({}, { callId: 'c1', run: validationRun() })).rejects.toThrow(
      'failed when loaded into the capability host: Error: fails in the host',
    );
    await expect
      .poll(async () => (await store.list()).items[0]?.lastError)
      .toBe('failed when loaded into the capability host: Error: fails in the host');
    const again = await store.loadActive();
    expect(again.items).toEqual([]);
    expect(again.diagnostics[0]?.message).toContain('fails in the host');
    store.close();
  });

  it('validates a module edited on disk again, says so once, and serves the new bytes', async () => {
    const store = createCapabilityStore(directory);
    await store.write('edited', valid('edited', 'Before.'));
    expect(await instructionsOf((await store.loadActive()).items[0] as never)).toBe('Before.');
    await writeFile(join(directory, 'edited.ts'), valid('edited', 'After.'));
    const changed = await store.loadActive();
    expect(changed.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['authored-capability-changed']);
    expect(await instructionsOf(changed.items[0] as never)).toBe('After.');
    const again = await store.loadActive();
    expect(again.diagnostics).toEqual([]);
    const [record] = (await store.list()).items;
    expect(record?.sha256).toBe(sha256Of(valid('edited', 'After.')));
  });

  it('refuses a module file that is a symbolic link leading out of the store', async () => {
    const store = createCapabilityStore(directory);
    await store.write('escaping', valid('escaping'));
    const outside = `${directory}-outside.ts`;
    await writeFile(outside, valid('escaping', 'From outside.'));
    await rm(join(directory, 'escaping.ts'));
    await symlink(outside, join(directory, 'escaping.ts'));
    const { items, diagnostics } = await store.loadActive();
    await rm(outside);
    expect(items).toEqual([]);
    expect(diagnostics.at(-1)?.message).toContain('is a symbolic link leading outside the store');
  });

  it('records a module file that disappeared', async () => {
    const store = createCapabilityStore(directory);
    await store.write('gone', valid('gone'));
    await rm(join(directory, 'gone.ts'));
    const { items, diagnostics } = await store.loadActive();
    expect(items).toEqual([]);
    expect(diagnostics[0]?.message).toBe(
      `Authored capability "gone" was not loaded: module file ${join(directory, 'gone.ts')} is missing`,
    );
  });
});

describe('createCapabilityStore: an unchanged set at run start', () => {
  /** Past the margin within which a file's timestamps are not trusted to tell versions apart. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 2_100));

  it('serves the same capabilities again without reading the modules, and still sees a same-size edit, a removed compiled file and a link', async () => {
    const store = createCapabilityStore(directory);
    await store.write('kept', valid('kept', 'Version A.'));
    await store.write('linked', valid('linked', 'Linked.'));
    await rm(join(directory, 'linked.ts'));
    await writeFile(join(directory, 'linked-source.ts'), valid('linked', 'Linked.'));
    await symlink(join(directory, 'linked-source.ts'), join(directory, 'linked.ts'));
    await settle();
    const first = await store.loadActive();
    expect(first.items.map((item) => item.name)).toEqual(['kept', 'linked']);

    // Unchanged: the very same objects, and the validation records are not read again.
    await rm(join(directory, '.compiled', `kept.${sha256Of(valid('kept', 'Version A.'))}.json`));
    const second = await store.loadActive();
    expect(second.items[0]).toBe(first.items[0]);
    expect(second.diagnostics).toEqual([]);
    // A linked module is read again at every load (its target can change behind the link).
    expect(second.items[1]).not.toBe(first.items[1]);

    // An edit in place of the same size, right away, is seen.
    await writeFile(join(directory, 'kept.ts'), valid('kept', 'Version B.'));
    const edited = await store.loadActive();
    expect(edited.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['authored-capability-changed']);
    expect(await instructionsOf(edited.items[0] as never)).toBe('Version B.');

    // The compiled cache removed: the module is validated again, never served from a stale proxy.
    await settle();
    const settled = await store.loadActive();
    expect(await store.loadActive().then((again) => again.items[0])).toBe(settled.items[0]);
    await rm(join(directory, '.compiled'), { recursive: true });
    const rebuilt = await store.loadActive();
    expect(rebuilt.items[0]).not.toBe(settled.items[0]);
    expect(await instructionsOf(rebuilt.items[0] as never)).toBe('Version B.');
    expect(rebuilt.diagnostics).toEqual([]);
    store.close();
  });

  it('forgets a disabled capability, and everything when the store is closed', async () => {
    const store = createCapabilityStore(directory);
    await store.write('toggled', valid('toggled'));
    await settle();
    const first = await store.loadActive();
    await store.disable('toggled');
    expect((await store.loadActive()).items).toEqual([]);
    await store.enable('toggled');
    const enabled = await store.loadActive();
    expect(enabled.items.map((item) => item.name)).toEqual(['toggled']);
    expect(enabled.items[0]).not.toBe(first.items[0]);
    const remembered = (await store.loadActive()).items[0];
    expect((await store.loadActive()).items[0]).toBe(remembered);
    store.close();
    const reopened = await store.loadActive();
    expect(reopened.items[0]).not.toBe(remembered);
    store.close();
  });
});
