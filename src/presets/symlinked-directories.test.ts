import { mkdir, realpath, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../test/support/cli.js';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';
import type { InventoryResult } from '../inventory/inventory-result.js';
import { createContextSession } from '../session/context-session.js';
import { repoContext } from './repo-context.js';

/**
 * `real/home` holds a project three levels down (`a/b/project`, with `CLAUDE.md -> AGENTS.md` and a
 * skill), reachable as `link-home/a/b/project` (the home reached through a symlink) and as
 * `real/home/linked-project` (a symlink inside the home).
 */
async function makeLinkedHome() {
  const base = await realpath(await useTemporaryDirectory());
  const home = path.join(base, 'real/home');
  const files: Record<string, string> = {
    'AGENTS.md': 'home rules\n',
    'a/b/AGENTS.md': 'b rules\n',
    'a/b/project/AGENTS.md': 'project rules\n',
    'a/b/project/.claude/skills/pdf/SKILL.md': '---\nname: pdf\ndescription: Reads PDFs.\n---\n',
  };
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(home, name)), { recursive: true });
    await writeFile(path.join(home, name), text);
  }
  await symlink('AGENTS.md', path.join(home, 'a/b/project/CLAUDE.md'));
  await symlink('a/b/project', path.join(home, 'linked-project'));
  await symlink('real/home', path.join(base, 'link-home'));
  return { base, home, linkHome: path.join(base, 'link-home') };
}

/** What the library gives for a directory and a home: the instruction text and the inventory. */
async function throughLibrary(workspaceDir: string, homeDir: string) {
  const preset = repoContext({ workspaceDir, homeDir });
  const run = await createContextSession(preset).startRun();
  const call = { id: 'call-1', toolName: 'inventory_agent_context', input: {} };
  const inventory = (await run.executeTool(call)).output as InventoryResult;
  // The instructions end with the inventory hint, which the CLI's render does not print.
  const text = run.instructions.slice(0, run.instructions.lastIndexOf('\n\nCall `inventory_agent_context`'));
  return { text, inventory, directory: preset.workspace.cwd };
}

/** What the CLI gives for the same directory and home. */
async function throughCli(directory: string, home: string) {
  const options = ['--stop-at', home, '--filenames', 'CLAUDE.md,AGENTS.md'];
  const render = await runCliInProcess(home, ['render', directory, ...options]);
  const inspect = await runCliInProcess(home, ['inspect', directory, ...options, '--json']);
  const inventory = await runCliInProcess(home, ['inventory', directory, '--stop-at', home, '--json']);
  expect([render.code, inspect.code, inventory.code, render.stderr + inventory.stderr]).toEqual([
    0,
    0,
    0,
    '',
  ]);
  return {
    text: render.stdout,
    inventory: JSON.parse(inventory.stdout),
    directory: (JSON.parse(inspect.stdout) as { directory: string }).directory,
  };
}

const expectedText = [
  '<context-file path="../../../AGENTS.md">\nhome rules\n</context-file>',
  '<context-file path="../AGENTS.md">\nb rules\n</context-file>',
  '<context-file path="CLAUDE.md">\nproject rules\n</context-file>',
].join('\n\n');

describe('a working directory or home reached through a symlink', () => {
  it('loads the directory’s own files and walks its real ancestors when the directory is reached through a linked home', async () => {
    const { home, linkHome } = await makeLinkedHome();
    const library = await throughLibrary(path.join(linkHome, 'a/b/project'), home);
    const cli = await throughCli(path.join(linkHome, 'a/b/project'), home);
    expect(library.text).toBe(expectedText);
    expect(library.directory).toBe(path.join(home, 'a/b/project'));
    expect(cli).toEqual(library);
    expect(library.inventory.roots[0]?.skills.map((skill) => skill.path)).toEqual([
      '.claude/skills/pdf/SKILL.md',
    ]);
  });

  it('walks up to a home given through a symlink', async () => {
    const { home, linkHome } = await makeLinkedHome();
    const library = await throughLibrary(path.join(home, 'a/b/project'), linkHome);
    const cli = await throughCli(path.join(home, 'a/b/project'), linkHome);
    expect(library.text).toBe(expectedText);
    expect(cli).toEqual(library);
  });

  it('walks the real parents, not the link’s, when the directory is a symlink inside the home', async () => {
    const { home } = await makeLinkedHome();
    const library = await throughLibrary(path.join(home, 'linked-project'), home);
    const cli = await throughCli(path.join(home, 'linked-project'), home);
    expect(library.text).toBe(expectedText);
    expect(cli).toEqual(library);
  });
});
