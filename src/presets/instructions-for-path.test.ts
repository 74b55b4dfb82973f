import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localWorkspace } from '../workspace/local-workspace.js';
import { instructionsForPath } from './instructions-for-path.js';
import { everyKindOfFile, writeRepository } from './path-fixture.test-support.js';

describe('instructionsForPath', () => {
  it('lists everything an agent gets for a file, in delivery order, each with its reason', async () => {
    const root = await writeRepository(everyKindOfFile);
    const answer = await instructionsForPath({
      workspace: localWorkspace(root),
      path: 'apps/web/src/page.tsx',
    });
    expect(answer.path).toBe('apps/web/src/page.tsx');
    expect(answer.kind).toBe('file');
    expect(answer.entries.map((entry) => [entry.path, entry.reason, entry.delivery])).toEqual([
      ['AGENTS.md', 'project-instructions', 'run-start'],
      ['CLAUDE.md', 'project-instructions', 'run-start'],
      ['docs/style.md', 'import', 'run-start'],
      ['.cursor/rules/quotes.mdc', 'always-rule', 'run-start'],
      ['.cursor/rules/release.mdc', 'described-rule', 'run-start'],
      ['.claude/skills/pdf/SKILL.md', 'skill', 'run-start'],
      ['apps/web/AGENTS.md', 'nested-instructions', 'touch'],
      ['apps/web/.cursor/rules/web.mdc', 'folder-rule', 'touch'],
      ['.cursor/rules/react.mdc', 'files-rule', 'touch'],
    ]);
    expect(answer.entries.find((entry) => entry.reason === 'files-rule')?.glob).toBe('apps/web/**/*.tsx');
    expect(answer.entries.find((entry) => entry.reason === 'import')?.importedBy).toBe('CLAUDE.md');
    expect(answer.entries.find((entry) => entry.reason === 'skill')?.name).toBe('pdf');
    expect(answer.instructions).toContain('<context-file path="AGENTS.md">');
    expect(answer.instructions).toContain('<available_skills>');
    expect(answer.instructions).toContain('release.mdc');
    expect(answer.delivered.join('\n')).toContain('The web app uses server components.');
    expect(answer.delivered.join('\n')).toContain('Components are functions.');
  });

  it('gives a file outside the glob only what applies to it', async () => {
    const root = await writeRepository(everyKindOfFile);
    const answer = await instructionsForPath({
      workspace: localWorkspace(root),
      path: 'docs/notes.md',
      skills: false,
    });
    expect(answer.entries.filter((entry) => entry.delivery === 'touch')).toEqual([]);
    expect(answer.entries.some((entry) => entry.reason === 'skill')).toBe(false);
  });

  it('answers for a working directory below the root, relative to it', async () => {
    const root = await writeRepository(everyKindOfFile);
    const workspace = localWorkspace(root, { cwd: path.join(root, 'apps/web') });
    const answer = await instructionsForPath({ workspace, path: 'src/page.tsx' });
    expect(answer.path).toBe('src/page.tsx');
    expect(answer.entries.map((entry) => entry.path)).toContain('AGENTS.md');
    expect(answer.entries.find((entry) => entry.reason === 'files-rule')?.path).toBe(
      '../../.cursor/rules/react.mdc',
    );
  });

  it('refuses a path outside the working directory, quoting at most 200 characters of it', async () => {
    const root = await writeRepository(everyKindOfFile);
    const workspace = localWorkspace(root, { cwd: path.join(root, 'apps/web') });
    await expect(instructionsForPath({ workspace, path: '/etc/passwd' })).rejects.toMatchObject({
      code: 'path-outside-workspace',
    });
    await expect(instructionsForPath({ workspace, path: '../../AGENTS.md' })).rejects.toMatchObject({
      code: 'path-outside-workspace',
    });
    const long = `../${'x'.repeat(100_000)}`;
    const refusal = await instructionsForPath({ workspace, path: long }).catch((error: Error) => error);
    expect((refusal as Error).message.length).toBeLessThan(600);
  });

  it('says which skills were left out and why, at most 1,000, the rest counted', async () => {
    const nameless = Object.fromEntries(
      Array.from({ length: 1_200 }, (_, index) => [
        `.claude/skills/broken-${String(index).padStart(4, '0')}/SKILL.md`,
        '---\ndescription: No name here.\n---\nBody.\n',
      ]),
    );
    const root = await writeRepository({
      ...everyKindOfFile,
      '.agents/skills/pdf/SKILL.md': '---\nname: pdf\ndescription: A second pdf.\n---\nBody.\n',
      '.claude/skills/deploy/SKILL.md':
        '---\nname: deploy\ndescription: Ship it.\ndisable-model-invocation: true\n---\nBody.\n',
    });
    const few = await instructionsForPath({ workspace: localWorkspace(root), path: 'AGENTS.md' });
    expect(few.skipped).toEqual([
      {
        capability: 'skills',
        path: '.agents/skills/pdf/SKILL.md',
        message:
          'Skill .agents/skills/pdf/SKILL.md skipped: the skill "pdf" of .claude/skills/pdf/SKILL.md shadows it.',
      },
      {
        capability: 'skills',
        path: '.claude/skills/deploy/SKILL.md',
        message:
          'Skill deploy (.claude/skills/deploy/SKILL.md) is not in the catalog: `disable-model-invocation: true` (the user invokes it as /deploy).',
      },
    ]);
    const many = await writeRepository({ ...everyKindOfFile, ...nameless });
    const answer = await instructionsForPath({ workspace: localWorkspace(many), path: 'AGENTS.md' });
    expect(answer.skipped).toHaveLength(1_000);
    expect(answer.skipped[0]?.message).toBe(
      'Skill .claude/skills/broken-0000/SKILL.md skipped: it has no `name` in its frontmatter.',
    );
    expect(answer.diagnostics.filter((diagnostic) => diagnostic.code === 'diagnostics-capped')).toHaveLength(
      1,
    );
  });
});
