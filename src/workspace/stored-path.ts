/**
 * A path as a session snapshot keeps it: relative to the workspace root when inside it (`.` for the
 * root itself), absolute otherwise. A snapshot restored on a worker whose copy of the repository sits
 * elsewhere then names the same files (see {@link absoluteOfStored}).
 */
export function storedPathOf(root: string, absolute: string): string {
  if (absolute === root) return '.';
  if (root === '/') return absolute.slice(1) === '' ? '.' : absolute.slice(1);
  return absolute.startsWith(`${root}/`) ? absolute.slice(root.length + 1) : absolute;
}

/** The absolute path of a {@link storedPathOf} path under `root`. */
export function absoluteOfStored(root: string, stored: string): string {
  if (stored.startsWith('/')) return stored;
  if (stored === '.') return root;
  return root === '/' ? `/${stored}` : `${root}/${stored}`;
}
