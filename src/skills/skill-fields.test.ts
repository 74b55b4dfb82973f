import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';
import { skillFile } from '../../test/support/test-repository.js';
import type { ContextEvent } from '../session/capability.js';
import { createContextSession } from '../session/context-session.js';
import { fileTools } from '../tools/file-tools.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { skills } from './skills.js';

async function makeSession(files: Record<string, string>) {
  const root = await useTemporaryDirectory();
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), text);
  }
  const capability = skills();
  const session = createContextSession({
    workspace: localWorkspace(root),
    capabilities: [fileTools(), capability],
  });
  const events: ContextEvent[] = [];
  session.on((event) => events.push(event));
  return { session, events, capability };
}

const skipped = (events: ContextEvent[]) =>
  events.filter((event) => event.type === 'skipped').map((event) => event.message);

describe('skill fields', () => {
  it('keeps a skill with disable-model-invocation out of the catalog and load_skill, and names it', async () => {
    const { session, events, capability } = await makeSession({
      '.claude/skills/deploy/SKILL.md':
        '---\nname: deploy\ndescription: Deploy to production.\ndisable-model-invocation: true\n---\nDeploy.\n',
      '.claude/skills/pdf/SKILL.md': skillFile('pdf'),
    });
    const run = await session.startRun();
    expect(run.instructions).toContain('<name>pdf</name>');
    expect(run.instructions).not.toContain('deploy');
    expect(skipped(events)).toEqual([
      'Skill deploy (.claude/skills/deploy/SKILL.md) is not in the catalog: `disable-model-invocation: true` (the user invokes it as /deploy).',
    ]);
    const loaded = await run.executeTool({ id: 'c1', toolName: 'load_skill', input: { name: 'deploy' } });
    expect(loaded.isError).toBe(true);
    // Still usable by the user: the commands capability reads these.
    const usable = await capability.usableSkills(run);
    expect(usable.map(({ skill }) => [skill.name, skill.modelInvocable, skill.userInvocable])).toEqual([
      ['deploy', false, true],
      ['pdf', true, true],
    ]);
  });

  it('leaves out a skill without a description or with an invalid name, each with a skipped event', async () => {
    const { session, events, capability } = await makeSession({
      '.claude/skills/bare/SKILL.md': '---\nname: bare\n---\nNo description.\n',
      '.claude/skills/Bad_Name/SKILL.md': '---\nname: Bad_Name\ndescription: Breaks the rule.\n---\nx\n',
      '.claude/skills/123/SKILL.md': '---\nname: 123\ndescription: A number as written.\n---\nx\n',
      '.claude/skills/café/SKILL.md': '---\nname: café\ndescription: Unicode lowercase.\n---\nx\n',
    });
    const run = await session.startRun();
    expect(run.instructions).toContain('<name>123</name>');
    expect(run.instructions).toContain('<name>café</name>');
    expect(run.instructions).not.toContain('bare');
    expect(run.instructions).not.toContain('Bad_Name');
    expect(skipped(events)).toEqual([
      'Skill .claude/skills/Bad_Name/SKILL.md skipped: its name "Bad_Name" breaks the Agent Skills naming rule (lowercase letters, digits and single hyphens, at most 64 characters).',
      'Skill bare (.claude/skills/bare/SKILL.md) is not in the catalog: it has no `description`, which the model needs to choose it.',
    ]);
    expect((await capability.usableSkills(run)).map(({ skill }) => skill.name)).toEqual([
      '123',
      'bare',
      'café',
    ]);
  });

  it('offers a skill with paths after the first matching touch, never in the catalog', async () => {
    const { session, events } = await makeSession({
      '.claude/skills/migrations/SKILL.md':
        '---\nname: migrations\ndescription: Write database migrations.\npaths: db/**/*.sql, "*.prisma"\n---\nx\n',
      '.claude/skills/pdf/SKILL.md': skillFile('pdf'),
      'db/001.sql': 'select 1;\n',
      'src/a.ts': 'export {};\n',
    });
    const run = await session.startRun();
    const catalog = run.instructions;
    expect(catalog).not.toContain('migrations');
    await run.executeTool({ id: 'c1', toolName: 'read_file', input: { path: 'src/a.ts' } });
    expect(session.placeHiddenMessages([{ id: 'c1' }], (message) => message.id)).toEqual([{ id: 'c1' }]);
    await run.executeTool({ id: 'c2', toolName: 'read_file', input: { path: 'db/001.sql' } });
    const placed = session.placeHiddenMessages([{ id: 'c1' }, { id: 'c2' }], (message) => message.id);
    expect(placed).toHaveLength(3);
    const offer = placed[2] as { text: string };
    expect(offer.text).toContain(
      '<name>migrations</name><description>Write database migrations.</description>',
    );
    expect(
      events.some(
        (event) => event.type === 'surfaced' && event.path === '.claude/skills/migrations/SKILL.md',
      ),
    ).toBe(true);
    // Offered once per session; loadable; the catalog bytes are those of the run start.
    await run.executeTool({ id: 'c3', toolName: 'read_file', input: { path: 'db/001.sql' } });
    expect(
      session.placeHiddenMessages([{ id: 'c1' }, { id: 'c2' }, { id: 'c3' }], (message) => message.id),
    ).toHaveLength(4);
    const loaded = await run.executeTool({ id: 'c4', toolName: 'load_skill', input: { name: 'migrations' } });
    expect(loaded.isError).toBe(false);
    expect(run.instructions).toBe(catalog);
    expect((await session.startRun()).instructions).toBe(catalog);
  });
});
