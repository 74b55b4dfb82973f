import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot, runBuiltCli } from '../../../test/support/cli.js';
import { inspectInstructions } from '../../instructions/inspect-instructions.js';
import type { CliOutput } from '../command.js';
import { inspectCommand } from './inspect.js';

const repository = repositoryRoot;
const demo = 'examples/demo-repo';

const runCli = (...args: string[]) => runBuiltCli(args);

/** Run the command in-process with a fake terminal. */
async function runInProcess(args: string[], color: boolean) {
  let stdout = '';
  let stderr = '';
  const output: CliOutput = {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    color,
    cwd: repository,
  };
  const code = await inspectCommand.run(args, output);
  return { code, stdout, stderr };
}

describe('agent-context inspect', () => {
  it('shows the chain of the example repo in load order, with reasons, sizes and the import tree', () => {
    const { code, stdout, stderr } = runCli('inspect', `${demo}/packages/app`, '--stop-at', demo);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const order = [...stdout.matchAll(/\d+\. (\S+) {2}\(/g)].map((match) => match[1]);
    expect(order).toEqual([
      '../../AGENTS.md',
      '../../CLAUDE.md',
      '../../docs/conventions.md',
      '../../docs/testing.md',
      'AGENTS.md',
    ]);
    expect(stdout).toMatch(/1\. \.\.\/\.\.\/AGENTS\.md {2}\(walk-up, \d+ characters, ~\d+ tokens\)/);
    expect(stdout).toMatch(/└── 3\. \.\.\/\.\.\/docs\/conventions\.md {2}\(import, /);
    expect(stdout).toMatch(/ {4}└── 4\. \.\.\/\.\.\/docs\/testing\.md/);
    expect(stdout).toContain('@AGENTS.md  already loaded (same file as ../../AGENTS.md)');
    expect(stdout).toMatch(/Budget: [\d,]+ of 32,000 characters used/);
    expect(stdout).toContain('Tokens are estimated as characters / 4.');
    expect(stdout).toContain(
      'info: Import @AGENTS.md in ../../CLAUDE.md not repeated: same file as ../../AGENTS.md. [duplicate-import]',
    );
    expect(stdout).not.toContain('\u001b[');
  });

  it('prints with --json exactly the library result', async () => {
    const { code, stdout } = runCli(
      'inspect',
      `${demo}/packages/api`,
      '--stop-at',
      demo,
      '--json',
      '--max-chars',
      '900',
    );
    expect(code).toBe(1); // a file left out of the budget is an error diagnostic
    const library = await inspectInstructions({
      directory: path.join(repository, demo, 'packages/api'),
      stopAt: path.join(repository, demo),
      maxChars: 900,
    });
    expect(JSON.parse(stdout)).toEqual(JSON.parse(JSON.stringify(library)));
    expect(library.rendered.cut.length + library.rendered.omitted.length).toBeGreaterThan(0);
  });

  it('passes --filenames and --per-directory to discovery', async () => {
    const { stdout } = runCli(
      'inspect',
      `${demo}/packages/api`,
      '--stop-at',
      demo,
      '--json',
      '--filenames',
      'CLAUDE.md',
    );
    const report = JSON.parse(stdout) as Awaited<ReturnType<typeof inspectInstructions>>;
    expect(report.discovery.items.map((item) => [item.label, item.reason])).toEqual([
      ['../../CLAUDE.md', 'walk-up'],
      ['../../AGENTS.md', 'import'],
      ['../../docs/conventions.md', 'import'],
      ['../../docs/testing.md', 'import'],
      ['CLAUDE.md', 'walk-up'],
      ['AGENTS.md', 'import'],
    ]);
    const first = runCli(
      'inspect',
      `${demo}/packages/api`,
      '--stop-at',
      demo,
      '--json',
      '--per-directory',
      'first',
    );
    const firstReport = JSON.parse(first.stdout) as typeof report;
    expect(firstReport.discovery.items.map((item) => item.label)).toEqual(['../../AGENTS.md', 'AGENTS.md']);
  });

  it('uses colour only when the output allows it', async () => {
    const args = [`${demo}/packages/app`, '--stop-at', demo];
    expect((await runInProcess(args, true)).stdout).toContain('\u001b[1m');
    expect((await runInProcess(args, false)).stdout).not.toContain('\u001b[');
  });

  it('reports a missing directory as one line on stderr with exit code 1', () => {
    const { code, stdout, stderr } = runCli('inspect', 'no/such/directory');
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/The directory .*no\/such\/directory does not exist/);
  });

  it('reports a bad option as one clean line naming it, then a --help pointer, with exit code 2', () => {
    const cases: [string[], string][] = [
      [['--max-chars', 'lots'], '--max-chars must be a whole number of at least 1, got "lots"'],
      [['--max-chars', '-5'], '--max-chars must be a whole number of at least 1, got "-5"'],
      [['--per-directory', 'some'], '--per-directory must be all or first, got "some"'],
      [['--bogus'], 'unknown option --bogus'],
      [['--max-chars'], '--max-chars needs a value'],
      [['--json=yes'], '--json takes no value'],
    ];
    for (const [args, message] of cases) {
      const { code, stdout, stderr } = runCli('inspect', demo, ...args);
      expect({ code, stdout, stderr }).toEqual({
        code: 2,
        stdout: '',
        stderr: `agent-context inspect: ${message}\nRun "agent-context inspect --help" for its options.\n`,
      });
    }
  });
});
