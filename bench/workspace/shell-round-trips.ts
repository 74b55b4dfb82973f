/**
 * shellWorkspace round trips: a generated monorepo shaped like langfuse (root AGENTS.md with
 * CLAUDE.md linked to it, .claude and .agents skills, .cursor rules, web / worker / shared packages
 * with their own AGENTS.md and deep feature folders, a marketplace of two plugins and a Gemini CLI
 * extension), read through `shellWorkspace` whose `exec` runs a real local `sh` after a simulated
 * 30 ms round trip, and through `localWorkspace`.
 *
 * Reported per operation (default capabilities: projectInstructions, nestedInstructions, fileTools,
 * skills, inventory, filesystemContext with offload; then a run start with hooks and commands too):
 * `exec` calls (round trips) and wall time on the simulated link, against the local workspace's time.
 *
 * Run from the bench directory:
 *   AGENT_CONTEXT_BENCH_SOURCE=src node --import tsx workspace/shell-round-trips.ts
 * (without the variable it measures the built package in dist/, so run `npm run build` first).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { librarySource, loadAgentContext } from '../src/library.js';

const roundTripMs = 30;

function writeMonorepo(root: string) {
  const put = (name: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  };
  put('.git/HEAD', 'ref: refs/heads/main\n');
  put('AGENTS.md', '# Monorepo\n\nUse pnpm. Run the tests of the package you change.\n');
  symlinkSync('AGENTS.md', path.join(root, 'CLAUDE.md'));
  for (const skill of ['add-migration', 'release', 'trace-debugging', 'review'])
    put(
      `.claude/skills/${skill}/SKILL.md`,
      `---\nname: ${skill}\ndescription: How to ${skill}.\n---\n\nSteps.\n`,
    );
  put(
    '.agents/skills/eval-setup/SKILL.md',
    '---\nname: eval-setup\ndescription: Set up evals.\n---\n\nSteps.\n',
  );
  put('.claude/agents/reviewer.md', '---\nname: reviewer\ndescription: Reviews changes.\n---\n\nReview.\n');
  put('.claude/commands/ship.md', '---\ndescription: Ship it.\n---\n\nShip.\n');
  put('.claude/settings.json', '{"permissions":{"allow":["Bash(pnpm test)"]}}\n');
  put('.cursor/rules/typescript.mdc', '---\nglobs: "**/*.ts"\n---\n\nStrict TypeScript.\n');
  for (const pkg of ['web', 'worker', 'shared', 'ee']) {
    put(`${pkg}/AGENTS.md`, `# ${pkg}\n\nConventions of ${pkg}.\n`);
    for (let feature = 0; feature < 12; feature++) {
      for (let level = 0; level < 3; level++) {
        const directory = `${pkg}/src/features/f${feature}/${'part/'.repeat(level)}`;
        for (let file = 0; file < 5; file++)
          put(`${directory}file-${file}.ts`, `export const value = ${file};\n`);
      }
    }
  }
  put('web/src/features/f3/AGENTS.md', 'Feature three is tricky.\n');
  // A marketplace of two plugins and a Gemini CLI extension: one more request, however many.
  put(
    '.claude-plugin/marketplace.json',
    JSON.stringify({
      plugins: [
        { name: 'review', source: './plugins/review' },
        { name: 'deploy', source: './plugins/deploy' },
      ],
    }),
  );
  for (const plugin of ['review', 'deploy']) {
    put(`plugins/${plugin}/.claude-plugin/plugin.json`, JSON.stringify({ name: plugin }));
    put(`plugins/${plugin}/commands/${plugin}.md`, `---\ndescription: Run ${plugin}.\n---\n\nRun it.\n`);
    put(
      `plugins/${plugin}/skills/${plugin}-steps/SKILL.md`,
      `---\nname: ${plugin}-steps\ndescription: How to ${plugin}.\n---\n\nSteps.\n`,
    );
    put(`plugins/${plugin}/hooks/hooks.json`, '{"hooks":{}}\n');
  }
  put('.gemini/extensions/tools/gemini-extension.json', '{"name":"tools"}\n');
  put('.gemini/extensions/tools/commands/lint.toml', 'description = "Lint"\nprompt = "Lint the change."\n');
}

/** `exec` over a local `sh` after a simulated round trip, counting its calls. */
function simulatedSandbox() {
  let calls = 0;
  const exec = async (script: string, options?: { stdin?: string }) => {
    calls += 1;
    await sleep(roundTripMs);
    return new Promise<{ stdout: string; stderr: string; exitCode: number }>((resolve, reject) => {
      const child = spawn('sh', ['-c', script], { stdio: ['pipe', 'pipe', 'pipe'] });
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
      child.once('error', reject);
      child.once('close', (code) =>
        resolve({
          stdout: Buffer.concat(out).toString('utf8'),
          stderr: Buffer.concat(err).toString('utf8'),
          exitCode: code ?? 1,
        }),
      );
      child.stdin.on('error', () => {});
      child.stdin.end(options?.stdin ?? '');
    });
  };
  return { exec, calls: () => calls };
}

async function measure(library: Awaited<ReturnType<typeof loadAgentContext>>, root: string, shell: boolean) {
  const sandbox = simulatedSandbox();
  const workspace = shell
    ? library.shellWorkspace({ root, cwd: '.', exec: sandbox.exec })
    : library.localWorkspace(root);
  const session = library.createContextSession({
    workspace,
    capabilities: [
      library.projectInstructions(),
      library.nestedInstructions(),
      library.fileTools(),
      library.skills(),
      library.inventory(),
      library.filesystemContext({ offload: { overChars: 2_000 } }),
    ],
  });
  const rows: Array<[string, number, number]> = [];
  const step = async <Value>(name: string, action: () => Promise<Value>) => {
    const before = sandbox.calls();
    const start = performance.now();
    const value = await action();
    rows.push([name, sandbox.calls() - before, performance.now() - start]);
    return value;
  };
  const run = await step('startRun()', () => session.startRun());
  await step('new-directory touch, two new directories deep', () =>
    session.afterToolCall(
      { id: 'call_1', toolName: 'read_file', input: { path: 'web/src/features/f3/file-0.ts' } },
      { output: 'ok', isError: false },
    ),
  );
  await step('read_file three new directories deep (the read and the touch)', () =>
    run.executeTool({
      id: 'call_read',
      toolName: 'read_file',
      input: { path: 'worker/src/features/f5/file-1.ts' },
    }),
  );
  await step('the inventory tool', () =>
    run.executeTool({ id: 'call_2', toolName: 'inventory_agent_context', input: {} }),
  );
  await step('load_skill', () =>
    run.executeTool({ id: 'call_3', toolName: 'load_skill', input: { name: 'release' } }),
  );
  await step('an offload', () =>
    run.executeTool({ id: 'call_4', toolName: 'search', input: {} }, async () =>
      'a search result line\n'.repeat(200),
    ),
  );
  // The search tools alone (a session of fileTools(): no touch, no offload after them), then over a
  // workspace that cannot scan a tree in one request: folder by folder.
  for (const [label, searched] of [
    ['', workspace],
    [', without the scan', { ...workspace, scanTree: undefined }],
  ] as const) {
    const searching = library.createContextSession({
      workspace: searched,
      capabilities: [library.fileTools()],
    });
    const searchRun = await searching.startRun();
    await step(`find_files \`**/*.ts\`${label}`, () =>
      searchRun.executeTool({ id: 'call_5', toolName: 'find_files', input: { pattern: '**/*.ts' } }),
    );
    await step(`search_files \`value = 3\`${label}`, () =>
      searchRun.executeTool({ id: 'call_6', toolName: 'search_files', input: { pattern: 'value = 3' } }),
    );
    await step(`search_files \`[0-9]\`${label}`, () =>
      searchRun.executeTool({ id: 'call_7', toolName: 'search_files', input: { pattern: '[0-9]' } }),
    );
  }
  // Every feature that reads the plugin folders shares one request for them, whatever their order.
  const withHooks = library.createContextSession({
    workspace,
    capabilities: [library.hooks(), library.projectInstructions(), library.skills(), library.commands()],
  });
  await step('startRun() of hooks(), projectInstructions(), skills(), commands()', () =>
    withHooks.startRun(),
  );
  return rows;
}

const root = realpathSync(await mkdtemp(path.join(tmpdir(), 'agent-context-shell-bench-')));
try {
  writeMonorepo(root);
  const library = await loadAgentContext();
  const local = await measure(library, root, false);
  await rm(path.join(root, '.context'), { recursive: true, force: true });
  const shell = await measure(library, root, true);
  console.log(
    `shellWorkspace round trips, simulated ${roundTripMs} ms per exec, library from ${librarySource()}, Node ${process.version}\n`,
  );
  console.log('| operation | exec calls (round trips) | shell, 30 ms link | local |');
  console.log('|---|---|---|---|');
  for (const [index, [name, calls, milliseconds]] of shell.entries()) {
    console.log(`| ${name} | ${calls} | ${milliseconds.toFixed(0)} ms | ${local[index]![2].toFixed(1)} ms |`);
  }
} finally {
  await rm(root, { recursive: true, force: true });
}
