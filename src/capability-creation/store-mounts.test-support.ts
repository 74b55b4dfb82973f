import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

/**
 * How this machine can make a directory this process may not write, for the read-only store tests:
 * `mount` (root, with the right to mount: a tmpfs remounted read-only, which stops root too), `mode`
 * (not root: `chmod 555`, which root ignores), or `undefined` (root without the right to mount).
 */
export type ReadOnlyMethod = 'mount' | 'mode' | undefined;

let probed: { method: ReadOnlyMethod; why: string } | undefined;

/** Whether this process may mount a tmpfs (tried once, on a throw-away directory). */
function probeReadOnlyMethod(): { method: ReadOnlyMethod; why: string } {
  if (probed !== undefined) return probed;
  if (process.getuid?.() !== 0) {
    probed = { method: 'mode', why: 'not root: a chmod 555 directory' };
    return probed;
  }
  const directory = execFileSync('mktemp', ['-d', join(tmpdir(), 'mount-probe-XXXXXX')], {
    encoding: 'utf8',
  }).trim();
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', directory], { stdio: 'ignore' });
    execFileSync('umount', [directory], { stdio: 'ignore' });
    probed = { method: 'mount', why: 'root: a tmpfs remounted read-only' };
  } catch {
    probed = {
      method: undefined,
      why: 'running as root without the right to mount a tmpfs, and root ignores chmod 555',
    };
  } finally {
    execFileSync('rmdir', [directory]);
  }
  return probed;
}

/** The method this machine supports, and in words how (or why not). */
export function readOnlyMethod(): { method: ReadOnlyMethod; why: string } {
  return probeReadOnlyMethod();
}

/** True where a tmpfs of a chosen size can be mounted (root with the right to mount). */
export function canMountTmpfs(): boolean {
  return probeReadOnlyMethod().method === 'mount';
}

const mounted: string[] = [];
const lockedModes: string[] = [];

/**
 * A fresh directory for one test: a tmpfs of `size` (e.g. `256k`) when this process may mount one,
 * otherwise a plain temporary directory. Unmounted and removed after the test.
 */
export async function storeDirectory(options: { size?: string } = {}): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), 'hostile-store-'));
  if (canMountTmpfs()) {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${options.size ?? '8m'}`, 'tmpfs', directory]);
    mounted.push(directory);
  } else lockedModes.push(directory);
  const store = join(directory, 'store');
  await mkdir(store);
  return store;
}

/**
 * Make the store's file system (or, not root, the store directory itself) read-only for this
 * process. Call only after {@link storeDirectory}, and only when {@link readOnlyMethod} found one.
 */
export async function makeReadOnly(store: string): Promise<void> {
  const { method } = readOnlyMethod();
  if (method === 'mount') execFileSync('mount', ['-o', 'remount,ro', join(store, '..')]);
  else if (method === 'mode') await chmod(store, 0o555);
  else throw new Error('no way to make a read-only directory on this machine');
}

afterEach(async () => {
  // Lazy: a sandboxed child still running in the store (its working directory) must not keep it.
  for (const directory of mounted.splice(0)) {
    execFileSync('umount', ['-l', directory]);
    await rm(directory, { recursive: true, force: true });
  }
  for (const directory of lockedModes.splice(0)) {
    await chmod(join(directory, 'store'), 0o755).catch(() => undefined);
    await rm(directory, { recursive: true, force: true });
  }
});
