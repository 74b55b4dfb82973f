import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Nothing the capability store starts outlives the agent's process: the agent (the library bundled
 * to plain JavaScript, in a process of its own) loads a capability whose module arms a loop at
 * import, so its capability host is busy for good, and authors one whose import loops, so a
 * validation child is busy too. Then the agent is killed with SIGKILL, where none of its handlers
 * run, and the process table must lose every process it started.
 */

let bundleDirectory: string;

const agentScript = `
import { capabilityCreation, createContextSession, localWorkspace } from './index.js';

const [directory, workspaceRoot] = process.argv.slice(2);
const spinner = \`setTimeout(() => { for (;;) {} }, 300);
export default {
  name: 'spinner',
  tools: () => [{ name: 'spin', description: 'Spin.', inputSchema: { type: 'object' }, execute: () => 'spun' }],
};\`;
const creation = capabilityCreation({ directory, timeoutMs: 60_000, executeTimeoutMs: 60_000 });
const session = createContextSession({ workspace: localWorkspace(workspaceRoot), capabilities: [creation] });
const first = await session.startRun();
await first.executeTool({ id: 'a1', toolName: 'author_capability', input: { name: 'spinner', code: spinner } });
// The host starts at the first call and loads the spinner; 300 ms later its event loop never turns again.
const second = await session.startRun();
const spun = await second.executeTool({ id: 's1', toolName: 'spin', input: {} });
if (spun.output !== 'spun') throw new Error(JSON.stringify(spun));
void first.executeTool({ id: 'a2', toolName: 'author_capability', input: { name: 'stuck', code: 'for (;;) {}\\nexport default { name: "stuck" };' } });
setTimeout(() => process.stdout.write('ready\\n'), 1_500);
setInterval(() => undefined, 1_000);
`;

beforeAll(async () => {
  bundleDirectory = await mkdtemp(join(tmpdir(), 'owner-death-bundle-'));
  const here = fileURLToPath(new URL('.', import.meta.url));
  await build({
    entryPoints: {
      index: join(here, '..', 'index.ts'),
      'capability-sandbox': join(here, 'capability-sandbox.ts'),
    },
    outdir: bundleDirectory,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: ['esbuild', 'yaml', 'zod', 'smol-toml'],
    logLevel: 'silent',
  });
  await writeFile(join(bundleDirectory, 'package.json'), '{ "type": "module" }\n');
  await writeFile(join(bundleDirectory, 'agent.js'), agentScript);
  await symlink(join(here, '..', '..', 'node_modules'), join(bundleDirectory, 'node_modules'), 'dir');
}, 60_000);

afterAll(async () => {
  await rm(bundleDirectory, { recursive: true, force: true });
});

/** Every live process of the table, from `/proc`: pid -> parent pid and command line. */
function processTable(): Map<number, { parent: number; command: string }> {
  const table = new Map<number, { parent: number; command: string }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) in parentheses: state, parent pid.
      const [state, parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state === 'Z') continue;
      const command = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ');
      table.set(Number(name), { parent: Number(parent), command });
    } catch {
      // The process ended while the table was read.
    }
  }
  return table;
}

function descendantsOf(pid: number): Array<{ pid: number; command: string }> {
  const table = processTable();
  const found: Array<{ pid: number; command: string }> = [];
  const parents = [pid];
  while (parents.length > 0) {
    const parent = parents.pop();
    for (const [child, entry] of table) {
      if (entry.parent !== parent) continue;
      found.push({ pid: child, command: entry.command });
      parents.push(child);
    }
  }
  return found;
}

describe.runIf(process.platform === 'linux')('when the agent process is killed outright', () => {
  it('takes its busy capability host and validation child with it', async () => {
    const base = await mkdtemp(join(tmpdir(), 'owner-death-'));
    const workspaceRoot = join(base, 'workspace');
    const directory = join(workspaceRoot, '.agent', 'capabilities');
    await mkdir(directory, { recursive: true });
    const agent = spawn(process.execPath, [join(bundleDirectory, 'agent.js'), directory, workspaceRoot], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    agent.stderr.on('data', (chunk) => (stderr += chunk));
    await new Promise<void>((resolve, reject) => {
      agent.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      agent.on('exit', () => reject(new Error(`the agent ended early: ${stderr}`)));
    });
    const started = descendantsOf(agent.pid ?? 0);
    const exited = new Promise((resolve) => agent.on('exit', resolve));
    agent.kill('SIGKILL');
    await exited;
    let left = started;
    for (let attempt = 0; attempt < 100 && left.length > 0; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const table = processTable();
      left = started.filter((entry) => table.get(entry.pid)?.command === entry.command);
    }
    for (const { pid } of left) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone meanwhile.
      }
    }
    await rm(base, { recursive: true, force: true });
    // The capability host and the validation child of `stuck` were there, both running authored loops.
    const sandboxed = started.map((entry) => /\{"attribution":(?:true|false)\}/.exec(entry.command)?.[0]);
    expect(sandboxed.filter((entry) => entry !== undefined).sort()).toEqual([
      '{"attribution":false}',
      '{"attribution":true}',
    ]);
    expect(left).toEqual([]);
  }, 60_000);
});
