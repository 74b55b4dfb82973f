import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../test/support/cli.js';
import { writeRepository } from '../presets/path-fixture.test-support.js';
import { createContextSession } from '../session/context-session.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { instructionDefaults } from './discover-instructions.js';
import { projectInstructions } from './project-instructions.js';

// The per-file read cap (`maxFileBytes`, 1 MiB by default): a file over it keeps its head, cut on a
// whole character, and the model sees the cut as the one `[truncated: ...]` line.

/** `count` bytes of ASCII, then a 4-byte character (U+1F600) straddling byte `count + 1`. */
function straddling(count: number): string {
  return `${'a'.repeat(count - 1)} \u{1F600} tail\n`;
}

async function instructionsOf(root: string, options: { maxFileBytes?: number } = {}): Promise<string> {
  const session = createContextSession({
    workspace: localWorkspace(root),
    capabilities: [projectInstructions({ maxChars: 4_000_000, ...options })],
  });
  return (await session.startRun()).instructions;
}

describe('maxFileBytes: a file over the cap', () => {
  it('ends the walk-up file with the truncation marker at the default 1 MiB, cut on a whole character', async () => {
    const cap = instructionDefaults.maxFileBytes;
    expect(cap).toBe(1024 * 1024);
    // The 4-byte character starts 2 bytes before the cap: it cannot be shown in part.
    const text = straddling(cap - 2);
    const root = await writeRepository({ '.git/HEAD': '', 'AGENTS.md': text });
    const instructions = await instructionsOf(root);
    const size = Buffer.byteLength(text);
    const shown = cap - 2;
    expect(
      instructions.endsWith(`a \n[truncated: ${size - shown} bytes of AGENTS.md omitted]\n</context-file>`),
    ).toBe(true);
    expect(instructions).not.toContain('\uFFFD');
    expect(instructions).not.toContain('tail');
  });

  it('reads the whole file when maxFileBytes is raised, with no marker', async () => {
    const text = straddling(2000);
    const root = await writeRepository({ '.git/HEAD': '', 'AGENTS.md': text });
    expect(await instructionsOf(root, { maxFileBytes: 1000 })).toContain(
      '[truncated: 1010 bytes of AGENTS.md omitted]',
    );
    const whole = await instructionsOf(root, { maxFileBytes: 4000 });
    expect(whole).toContain('\u{1F600} tail');
    expect(whole).not.toContain('[truncated:');
  });

  it('marks an imported file and an always rule over the cap too', async () => {
    const root = await writeRepository({
      '.git/HEAD': '',
      'AGENTS.md': 'See @docs/long.md\n',
      'docs/long.md': `${'b'.repeat(300)}\n`,
      '.cursor/rules/long.mdc': `---\nalwaysApply: true\n---\n${'c'.repeat(300)}\n`,
    });
    const instructions = await instructionsOf(root, { maxFileBytes: 100 });
    expect(instructions).toContain(`${'b'.repeat(100)}\n[truncated: 201 bytes of docs/long.md omitted]`);
    const ruleHead = 100 - '---\nalwaysApply: true\n---\n'.length;
    expect(instructions).toContain(
      `${'c'.repeat(ruleHead)}\n[truncated: 227 bytes of .cursor/rules/long.mdc omitted]`,
    );
  });

  it('takes --max-file-bytes in render, and refuses a value that is not a whole number', async () => {
    const text = straddling(2000);
    const root = await writeRepository({ '.git/HEAD': '', 'AGENTS.md': text });
    const cut = await runCliInProcess(root, ['render', '--max-file-bytes', '1000']);
    expect(cut.stdout).toBe(await instructionsOf(root, { maxFileBytes: 1000 }));
    expect(cut.stdout).toContain('[truncated: 1010 bytes of AGENTS.md omitted]');
    // A warning, not an error: the file is delivered, in part (exit 0, the warning on stderr).
    expect(cut.stderr).toContain('Raise maxFileBytes (CLI: --max-file-bytes)');
    expect(cut.code).toBe(0);
    const whole = await runCliInProcess(root, ['render', '--max-file-bytes', '4000']);
    expect(whole).toMatchObject({ code: 0, stderr: '' });
    expect(whole.stdout).toContain('\u{1F600} tail');
    const wrong = await runCliInProcess(root, ['render', '--max-file-bytes', '1k']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--max-file-bytes must be a whole number');
  });
});
