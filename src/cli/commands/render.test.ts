import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot, runBuiltCli } from '../../../test/support/cli.js';
import { inspectInstructions } from '../../instructions/inspect-instructions.js';

const repository = repositoryRoot;
const demo = 'examples/demo-repo';

const runCli = (...args: string[]) => runBuiltCli(args);

describe('agent-context render', () => {
  it('prints exactly the instruction text an agent gets in the example repo', async () => {
    const { code, stdout, stderr } = runCli(
      'render',
      `${demo}/packages/app/src/components`,
      '--stop-at',
      demo,
    );
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const library = await inspectInstructions({
      directory: path.join(repository, demo, 'packages/app/src/components'),
      stopAt: path.join(repository, demo),
    });
    expect(stdout).toBe(library.rendered.text);
    expect(stdout.startsWith('<context-file path="../../../../AGENTS.md">\n# Harbor Goods')).toBe(true);
    expect(stdout.endsWith('</context-file>')).toBe(true);
  });

  it('keeps the budget and reports cuts on stderr only', async () => {
    const { code, stdout, stderr } = runCli(
      'render',
      `${demo}/packages/api`,
      '--stop-at',
      demo,
      '--max-chars',
      '700',
    );
    // Files left out of the budget are error diagnostics: exit code 1, as in every command.
    expect(code).toBe(1);
    expect(stdout.length).toBeLessThanOrEqual(700);
    expect(stdout).toMatch(
      /\[truncated: \d+ characters of \S+ omitted\]|\[not loaded, over the budget of 700 characters: /,
    );
    expect(stderr).toMatch(/^(warning|error): /m);
  });

  it('reports a missing directory as one line on stderr with exit code 1', () => {
    const { code, stdout, stderr } = runCli('render', 'no/such/directory');
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});
