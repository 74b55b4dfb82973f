import { describe, expect, it } from 'vitest';
import { type FileLayer, fileLayerWorkspace } from './file-layer-workspace.js';

/** A layer over a map of absolute paths, with links resolved by a table, counting its calls. */
function countingLayer(options: { links?: Record<string, string>; withRealpath?: boolean } = {}) {
  const files = new Map<string, Uint8Array>([
    ['/repo/AGENTS.md', new TextEncoder().encode('Use pnpm.\n')],
    ['/repo/packages/app/AGENTS.md', new TextEncoder().encode('The app.\n')],
  ]);
  const directories = new Set(['/', '/repo', '/repo/packages', '/repo/packages/app', '/elsewhere']);
  const others = new Set(['/repo/pipe']);
  const links = options.links ?? {};
  const calls: string[] = [];
  const real = (path: string) => {
    for (const [link, target] of Object.entries(links)) {
      if (path === link || path.startsWith(`${link}/`)) return target + path.slice(link.length);
    }
    return path;
  };
  const layer: FileLayer = {
    async stat(path) {
      calls.push(`stat ${path}`);
      if (directories.has(path)) return { kind: 'directory', size: 0, modifiedMs: 0 };
      if (others.has(path)) return { kind: 'other', size: 0, modifiedMs: 0 };
      const bytes = files.get(path);
      return bytes === undefined ? undefined : { kind: 'file', size: bytes.byteLength, modifiedMs: 1 };
    },
    async list(path) {
      calls.push(`list ${path}`);
      const names = new Map<string, 'file' | 'directory'>();
      for (const [candidates, kind] of [
        [[...files.keys()], 'file'],
        [[...directories], 'directory'],
      ] as const) {
        for (const candidate of candidates) {
          if (candidate.startsWith(`${path}/`) && !candidate.slice(path.length + 1).includes('/')) {
            names.set(candidate.slice(path.length + 1), kind);
          }
        }
      }
      return [...names].map(([name, kind]) => ({ name, kind }));
    },
    async read(path) {
      calls.push(`read ${path}`);
      const bytes = files.get(path);
      if (bytes === undefined) throw Object.assign(new Error('missing'), { code: 'ENOENT' });
      return bytes;
    },
    async write(path, bytes) {
      calls.push(`write ${path}`);
      files.set(path, bytes);
    },
  };
  if (options.withRealpath ?? true) {
    layer.realpath = async (path) => {
      calls.push(`realpath ${path}`);
      const resolved = real(path);
      return directories.has(resolved) || files.has(resolved) || others.has(resolved) ? resolved : undefined;
    };
  }
  return { layer, calls, files };
}

describe('fileLayerWorkspace', () => {
  it('answers each operation with at most two layer calls', async () => {
    const { layer, calls } = countingLayer();
    const workspace = fileLayerWorkspace(layer, { root: '/repo', cwd: 'packages/app' });
    expect((await workspace.stat('AGENTS.md'))?.kind).toBe('file');
    expect(calls.splice(0)).toEqual([
      'realpath /repo/packages/app/AGENTS.md',
      'stat /repo/packages/app/AGENTS.md',
    ]);
    expect(new TextDecoder().decode((await workspace.readFile('../../AGENTS.md')).bytes)).toBe('Use pnpm.\n');
    expect(calls.splice(0)).toHaveLength(3);
    expect((await workspace.readdir('/repo/packages')).map((entry) => entry.name)).toEqual(['app']);
    expect(calls.splice(0)).toHaveLength(3);
  });

  it('reads a page with start and maxBytes, and says when it cut', async () => {
    const workspace = fileLayerWorkspace(countingLayer().layer, { root: '/repo' });
    const page = await workspace.readFile('AGENTS.md', { start: 4, maxBytes: 3 });
    expect(new TextDecoder().decode(page.bytes)).toBe('pnp');
    expect(page).toMatchObject({ size: 10, truncated: true, start: 4 });
  });

  it('never reads what the layer does not call a file', async () => {
    const { layer, calls } = countingLayer();
    const workspace = fileLayerWorkspace(layer, { root: '/repo' });
    await expect(workspace.readFile('pipe')).rejects.toMatchObject({ code: 'not-a-file' });
    await expect(workspace.readFile('packages')).rejects.toMatchObject({ code: 'not-a-file' });
    expect(calls.filter((call) => call.startsWith('read '))).toEqual([]);
  });

  it('refuses escapes before any call, and links whose real path leaves the root before reading', async () => {
    const { layer, calls } = countingLayer({ links: { '/repo/out': '/elsewhere' } });
    const workspace = fileLayerWorkspace(layer, { root: '/repo' });
    await expect(workspace.readFile('../etc/passwd')).rejects.toMatchObject({
      code: 'path-outside-workspace',
    });
    await expect(workspace.readFile('/etc/passwd')).rejects.toMatchObject({ code: 'path-outside-workspace' });
    expect(calls).toEqual([]);
    await expect(workspace.stat('out')).rejects.toMatchObject({ code: 'path-outside-workspace' });
    await expect(workspace.writeFile!('out/new.md', 'x')).rejects.toMatchObject({
      code: 'path-outside-workspace',
    });
    expect(calls.filter((call) => !call.startsWith('realpath '))).toEqual([]);
  });

  it('refuses `..` above `/` when the root is the whole path space', async () => {
    const workspace = fileLayerWorkspace(countingLayer().layer);
    await expect(workspace.stat('../repo/AGENTS.md')).rejects.toMatchObject({
      code: 'path-outside-workspace',
    });
    expect((await workspace.stat('/repo/AGENTS.md'))?.kind).toBe('file');
  });

  it('reports missing paths as the contract says', async () => {
    const workspace = fileLayerWorkspace(countingLayer({ withRealpath: false }).layer, { root: '/repo' });
    expect(await workspace.stat('nothing.md')).toBeUndefined();
    await expect(workspace.readFile('nothing.md')).rejects.toMatchObject({ code: 'not-found' });
    await expect(workspace.readdir('nothing')).rejects.toMatchObject({ code: 'not-found' });
    await expect(workspace.realpath('nothing')).rejects.toMatchObject({ code: 'not-found' });
  });

  it('writes new files under the real path of their parent, and refuses exclusive writes over a file', async () => {
    const { layer, files } = countingLayer();
    const workspace = fileLayerWorkspace(layer, { root: '/repo' });
    await workspace.writeFile!('packages/app/.context/result.txt', 'whole');
    expect(new TextDecoder().decode(files.get('/repo/packages/app/.context/result.txt'))).toBe('whole');
    await expect(workspace.writeFile!('AGENTS.md', 'x', { exclusive: true })).rejects.toMatchObject({
      code: 'already-exists',
    });
  });
});
