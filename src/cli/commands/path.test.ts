import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../../test/support/cli.js';
import { everyKindOfFile, writeRepository } from '../../presets/path-fixture.test-support.js';

describe('agent-context path', () => {
  it('lists what an agent gets for a file, in delivery order with reasons, then the texts', async () => {
    const root = await writeRepository(everyKindOfFile);
    const { code, stdout, stderr } = await runCliInProcess(path.join(root, 'apps'), [
      'path',
      'web/src/page.tsx',
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    // Without --from, the agent works at the project root.
    expect(stdout.split('\n').slice(0, 10)).toEqual([
      `What an agent working in ${root} gets for apps/web/src/page.tsx (file), in delivery order:`,
      '  1. AGENTS.md  project instructions (loaded at every run start)',
      '  2. CLAUDE.md  project instructions (loaded at every run start)',
      '  3. docs/style.md  project instructions (imported by CLAUDE.md)',
      '  4. .cursor/rules/quotes.mdc  always rule (in the project instructions of every run)',
      '  5. .cursor/rules/release.mdc  described rule (named in the rules catalog of every run; read it when relevant)',
      '  6. .claude/skills/pdf/SKILL.md  skill pdf (named in the skills catalog of every run; loaded with load_skill when a task matches its description)',
      '  7. apps/web/AGENTS.md  nested instructions (delivered when an agent touches apps/web/src/page.tsx)',
      '  8. apps/web/.cursor/rules/web.mdc  rule of its folder (applies to everything in it; delivered when an agent touches apps/web/src/page.tsx)',
      '  9. .cursor/rules/react.mdc  files rule (delivered when an agent touches apps/web/src/page.tsx, matched apps/web/**/*.tsx)',
    ]);
    expect(stdout).toContain('## Instructions of every run\n\n<context-file path="AGENTS.md">');
    expect(stdout).toContain('## Delivered when the agent touches apps/web/src/page.tsx');
    const filesOnly = await runCliInProcess(root, ['path', 'apps/web/src/page.tsx', '--files-only']);
    expect(filesOnly.stdout).not.toContain('<context-file');
  });

  it('says what was left out and why, after the diagnostics', async () => {
    const root = await writeRepository({
      ...everyKindOfFile,
      '.claude/skills/untitled/SKILL.md': '---\ndescription: No name.\n---\nBody.\n',
    });
    const { code, stdout } = await runCliInProcess(root, ['path', 'AGENTS.md', '--files-only']);
    expect(code).toBe(0);
    expect(stdout).toContain(
      '\nLeft out (1):\n  Skill .claude/skills/untitled/SKILL.md skipped: it has no `name` in its frontmatter.\n',
    );
  });

  it('answers from --from, and refuses a file outside it with exit code 1 and one line', async () => {
    const root = await writeRepository(everyKindOfFile);
    const from = await runCliInProcess(root, [
      'path',
      'apps/web/src/page.tsx',
      '--from',
      'apps/web',
      '--files-only',
    ]);
    expect(from.stdout).toContain('gets for src/page.tsx (file)');
    expect(from.stdout).toContain('../../.cursor/rules/react.mdc  files rule');
    const outside = await runCliInProcess(root, ['path', 'AGENTS.md', '--from', 'apps/web']);
    expect(outside.code).toBe(1);
    expect(outside.stdout).toBe('');
    expect(outside.stderr).toMatch(
      /^agent-context path: "\/\S+\/AGENTS.md" is outside the working directory \S+\/apps\/web; [^\n]*\n$/,
    );
    expect((await runCliInProcess(root, ['path'])).code).toBe(2);
  });
});

describe('agent-context rules --file', () => {
  it('resolves the file against the directory, and refuses one outside it', async () => {
    const root = await writeRepository(everyKindOfFile);
    const relative = await runCliInProcess(path.join(root, 'docs'), [
      'rules',
      '..',
      '--file',
      'apps/web/src/page.tsx',
    ]);
    expect(relative.code).toBe(0);
    expect(relative.stdout).toContain(
      'Rules that apply to apps/web/src/page.tsx:\n  .cursor/rules/react.mdc (cursor) matched apps/web/**/*.tsx',
    );
    const outside = await runCliInProcess(root, ['rules', '.', '--file', '/etc/passwd']);
    expect(outside.code).toBe(1);
    expect(outside.stderr).toBe(
      `agent-context rules: "/etc/passwd" is outside the working directory ${root}; give a path inside it (relative to it, or absolute).\n`,
    );
  });
});
