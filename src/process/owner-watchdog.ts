import type { ChildProcessByStdio } from 'node:child_process';
import type { Writable } from 'node:stream';
import { childProcessModule } from '../shared/load-on-first-use.js';

/**
 * The watchdog's script: it keeps the process groups it is told about (`+ID` adds, `-ID` forgets,
 * one per line on its standard input) and, when its input ends, kills every group it still holds.
 * Its input is a pipe from the owner only, so it ends when the owner ends, however it ends: a
 * SIGKILL, a crash, an abort, where no handler of the owner runs. Terminal signals (SIGINT,
 * SIGHUP) are ignored, so a Ctrl-C that ends the owner cannot end the watchdog first.
 */
const watchdogScript = `trap '' INT HUP
groups=' '
while IFS= read -r line; do
  case "$line" in
    +*) groups="$groups\${line#+} " ;;
    -*) kept=' '; for group in $groups; do [ "$group" = "\${line#-}" ] || kept="$kept$group "; done; groups=$kept ;;
  esac
done
for group in $groups; do kill -s KILL -- "-$group" 2>/dev/null; done
`;

let watchdog: ChildProcessByStdio<Writable, null, null> | undefined;

/**
 * Have the process group `groupId` (a child started with `detached: true`, whose pid is the group's
 * id) killed with SIGKILL when this process ends in any way, even by SIGKILL: a watchdog `sh`
 * process, one per owner process, started on first use, reads a pipe from the owner and kills the
 * groups it holds when the pipe closes. Returns the function that forgets the group (call it when
 * the child has exited, so that a reused id is never killed).
 *
 * POSIX only: on Windows this does nothing (process groups there are not signalled this way) and
 * returns a no-op; the watchdog never keeps the owner alive.
 */
export function watchProcessGroup(groupId: number): () => void {
  if (process.platform === 'win32') return () => undefined;
  const send = (line: string) => {
    if (watchdog === undefined || watchdog.exitCode !== null || watchdog.signalCode !== null) {
      watchdog = startWatchdog();
    }
    watchdog.stdin.write(`${line}\n`);
  };
  send(`+${groupId}`);
  let forgotten = false;
  return () => {
    if (forgotten) return;
    forgotten = true;
    if (watchdog !== undefined && watchdog.exitCode === null && watchdog.signalCode === null) {
      watchdog.stdin.write(`-${groupId}\n`);
    }
  };
}

function startWatchdog(): ChildProcessByStdio<Writable, null, null> {
  // Its own process group: a signal sent to the owner's group does not reach it.
  const child = childProcessModule().spawn('/bin/sh', ['-c', watchdogScript], {
    stdio: ['pipe', 'ignore', 'ignore'],
    detached: true,
    env: {},
  });
  child.on('error', () => undefined);
  child.stdin.on('error', () => undefined);
  child.unref();
  (child.stdin as Writable & { unref?(): void }).unref?.();
  return child;
}
