import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordingBytesRead } from '../../test/support/recorded-bytes.js';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import type { Workspace } from '../workspace/workspace.js';
import { scanInventory } from './scan-inventory.js';

/** Write each skill file as `.claude/skills/FOLDER/SKILL.md`, scan, and return the skills by folder. */
async function scanSkills(
  skills: Record<string, string | Uint8Array>,
  wrap = (workspace: Workspace) => workspace,
) {
  const root = await useTemporaryDirectory();
  for (const [folder, content] of Object.entries(skills)) {
    await mkdir(path.join(root, '.claude', 'skills', folder), { recursive: true });
    await writeFile(path.join(root, '.claude', 'skills', folder, 'SKILL.md'), content);
  }
  const result = await scanInventory({ workspace: wrap(localWorkspace(root)), roots: ['.claude'] });
  const found = result.roots[0]?.skills ?? [];
  return Object.fromEntries(found.map((entry) => [entry.directory.split('/').pop(), entry]));
}

const codesOf = (entry: { diagnostics: { code: string }[] } | undefined) =>
  entry?.diagnostics.map((diagnostic) => diagnostic.code);

describe('skill frontmatter in a scan', () => {
  it('reads a valid frontmatter with no diagnostics', async () => {
    const { pdf } = await scanSkills({
      pdf: '---\nname: pdf\ndescription: Reads PDFs.\nlicense: MIT\n---\n# PDF\n',
    });
    expect(pdf).toMatchObject({
      name: 'pdf',
      description: 'Reads PDFs.',
      attributes: { license: 'MIT' },
      diagnostics: [],
    });
  });

  it('reports a file without frontmatter as an error and goes on with the next skill', async () => {
    const skills = await scanSkills({
      bare: '# Just a title\n',
      next: '---\nname: next\ndescription: d\n---\n',
    });
    expect(skills.bare).toMatchObject({ name: null, description: null });
    expect(codesOf(skills.bare)).toEqual(['missing-frontmatter']);
    expect(codesOf(skills.next)).toEqual([]);
  });

  it('reads broken YAML leniently (an info, not an error), and reports a block with no key as an error', async () => {
    const { lenient, list } = await scanSkills({
      lenient: '---\nname: lenient\ndescription: {oops\n---\n',
      list: '---\n- name\n- description\n---\n',
    });
    expect(lenient).toMatchObject({ name: 'lenient', description: '{oops' });
    expect(codesOf(lenient)).toEqual(['frontmatter-lenient']);
    expect(list).toMatchObject({ name: null, description: null });
    expect(codesOf(list)).toEqual(['invalid-frontmatter']);
  });

  it('reads a description with an unquoted colon, with an info diagnostic', async () => {
    const { pdf } = await scanSkills({
      pdf: '---\nname: pdf\ndescription: Use when: PDFs are involved\n---\n',
    });
    expect(pdf?.description).toBe('Use when: PDFs are involved');
    expect(pdf?.diagnostics).toEqual([
      expect.objectContaining({ severity: 'info', code: 'frontmatter-lenient' }),
    ]);
  });

  it('reports a name that does not match its folder', async () => {
    const { pdfs } = await scanSkills({ pdfs: '---\nname: pdf\ndescription: d\n---\n' });
    expect(pdfs?.name).toBe('pdf');
    expect(pdfs?.diagnostics).toEqual([
      expect.objectContaining({
        severity: 'warning',
        code: 'name-folder-mismatch',
        path: '.claude/skills/pdfs/SKILL.md',
      }),
    ]);
  });

  it('reports a name that is too long', async () => {
    const long = 'a'.repeat(65);
    const skills = await scanSkills({ [long]: `---\nname: ${long}\ndescription: d\n---\n` });
    expect(codesOf(skills[long])).toEqual(['name-too-long']);
  });

  it('reads a 5 MB SKILL.md bounded: the frontmatter is read, the rest of the file is not', async () => {
    const body = 'x'.repeat(5 * 1024 * 1024);
    const bytesRead: number[] = [];
    const recordBytes = (workspace: Workspace): Workspace => recordingBytesRead(workspace, bytesRead);
    const skills = await scanSkills(
      {
        big: `---\nname: big\ndescription: d\n---\n${body}`,
        huge: `---\nname: huge\ndescription: ${body}\n---\n`,
      },
      recordBytes,
    );
    expect(codesOf(skills.big)).toEqual([]);
    expect(skills.huge).toMatchObject({ name: null, description: null });
    expect(codesOf(skills.huge)).toEqual(['frontmatter-too-large']);
    expect(bytesRead).toHaveLength(2);
    for (const count of bytesRead) expect(count).toBeLessThanOrEqual(64 * 1024);
  });

  it('reports a binary file named SKILL.md', async () => {
    const { blob } = await scanSkills({ blob: new Uint8Array([0x2d, 0x2d, 0x2d, 0x0a, 0x00, 0xff, 0x10]) });
    expect(blob).toMatchObject({ name: null, description: null });
    expect(codesOf(blob)).toEqual(['binary-file']);
  });

  it('reads an agent file leniently and checks its name without a folder rule', async () => {
    const root = await useTemporaryDirectory();
    await mkdir(path.join(root, '.claude', 'agents'), { recursive: true });
    await writeFile(
      path.join(root, '.claude', 'agents', 'review.md'),
      '---\nname: code-reviewer\ndescription: Reviews: diffs\n---\n',
    );
    await writeFile(path.join(root, '.claude', 'agents', 'Bad.md'), '---\nname: Bad_Agent\n---\n');
    const [claude] = (await scanInventory({ workspace: localWorkspace(root), roots: ['.claude'] })).roots;
    expect(claude?.agents.map((agent) => [agent.path, agent.name, codesOf(agent)])).toEqual([
      ['.claude/agents/Bad.md', 'Bad_Agent', ['invalid-name', 'missing-description']],
      ['.claude/agents/review.md', 'code-reviewer', ['frontmatter-lenient']],
    ]);
  });

  it("lists an agent's tool names that no assistant's vocabulary knows as warnings on the agent", async () => {
    const root = await useTemporaryDirectory();
    await mkdir(path.join(root, '.claude', 'agents'), { recursive: true });
    await writeFile(
      path.join(root, '.claude', 'agents', 'reader.md'),
      '---\nname: reader\ndescription: Reads.\ntools: Read, Grep, Glob, Teleport\n---\n',
    );
    const [claude] = (await scanInventory({ workspace: localWorkspace(root), roots: ['.claude'] })).roots;
    expect(claude?.agents[0]?.diagnostics).toEqual([
      expect.objectContaining({
        severity: 'warning',
        code: 'unknown-tool-name',
        path: '.claude/agents/reader.md',
      }),
    ]);
    expect(claude?.agents[0]?.diagnostics[0]?.message).toContain('`Teleport`');
  });
});
