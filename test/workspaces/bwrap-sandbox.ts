import { spawnSync } from 'node:child_process';
import { localShellExec } from '../../src/workspace/shell/shell-exec.test-support.js';

/** bubblewrap, when installed and allowed to make namespaces here. */
export const bwrapWorks =
  spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-all', '--die-with-parent', 'true'], {
    stdio: 'ignore',
  }).status === 0;

/**
 * An `exec` whose every script runs in a sandbox of its own: only the system's /usr (read-only) and
 * the repository, at /repo, are there; no network, no other process, nothing else of the host's files.
 */
export const sandboxed = (repository: string) =>
  localShellExec([
    'bwrap',
    '--ro-bind',
    '/usr',
    '/usr',
    '--symlink',
    'usr/bin',
    '/bin',
    '--symlink',
    'usr/lib',
    '/lib',
    '--symlink',
    'usr/lib64',
    '/lib64',
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--bind',
    repository,
    '/repo',
    '--unshare-all',
    '--die-with-parent',
    '--chdir',
    '/repo',
    'sh',
  ]);
