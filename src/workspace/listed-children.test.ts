import { describe, expect, it } from 'vitest';
import { listedChildren } from './listed-children.js';
import type { ListedEntry } from './workspace.js';

const entry = (path: string, bytes = 0): ListedEntry => ({
  path,
  kind: 'file',
  symlink: false,
  realPath: `/real/${path}`,
  ...(bytes === 0 ? {} : { contents: { bytes: new Uint8Array(bytes), size: bytes, truncated: false } }),
});
const keepLonger = (earlier: ListedEntry, later: ListedEntry) =>
  (later.contents?.bytes.byteLength ?? 0) > (earlier.contents?.bytes.byteLength ?? 0);

describe('listedChildren', () => {
  it('finds entries in order, asked again, out of order and absent, and lists them with their names', () => {
    const children = listedChildren();
    const names = ['a.md', 'b.md', 'c.md', 'd.md'];
    const entries = names.map((name) => entry(`dir/${name}`));
    // The listed directory is /repo: paths start at 6, names at 4 in them.
    for (const listed of entries) children.add(listed, 0, '/repo/'.length, 'dir/'.length, keepLonger);
    const find = (name: string) => children.find(`/repo/dir/${name}`, '/repo/dir/'.length);
    expect(find('a.md')).toBe(entries[0]);
    expect(find('a.md')).toBe(entries[0]);
    expect(find('b.md')).toBe(entries[1]);
    expect(find('d.md')).toBe(entries[3]);
    expect(find('c.md')).toBe(entries[2]);
    expect(find('e.md')).toBeUndefined();
    expect(find('a.m')).toBeUndefined();
    const visited: unknown[] = [];
    children.each((name, listed) => visited.push([name, listed]));
    expect(visited).toEqual(names.map((name, index) => [name, entries[index]]));
    // Looked up out of order, still one listing's entries in its order.
    expect(children.inOrder()).toEqual({ entries, nameStart: 'dir/'.length });
  });

  it('keeps one entry per name across listings, as `keepLater` decides', () => {
    const children = listedChildren();
    const first = [entry('x.md', 1), entry('y.md', 3)];
    for (const listed of first) children.add(listed, 0, '/repo/dir/'.length, 0, keepLonger);
    // A second listing of the same directory, from its parent.
    const second = [entry('dir/x.md', 2), entry('dir/y.md', 2), entry('dir/z.md', 1)];
    for (const listed of second) children.add(listed, 1, '/repo/'.length, 'dir/'.length, keepLonger);
    const find = (name: string) => children.find(`/repo/dir/${name}`, '/repo/dir/'.length);
    expect(find('x.md')).toBe(second[0]);
    expect(find('y.md')).toBe(first[1]);
    expect(find('z.md')).toBe(second[2]);
    const visited: string[] = [];
    children.each((name) => visited.push(name));
    expect(visited).toEqual(['x.md', 'y.md', 'z.md']);
    expect(children.inOrder()).toBeUndefined();
  });
});
