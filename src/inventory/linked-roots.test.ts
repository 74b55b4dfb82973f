import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../test/support/cli.js';
import { makeTestRepository, skillFile } from '../../test/support/test-repository.js';
import { renderInventorySummary } from './render-inventory-summary.js';
import { renderInventoryTree } from './render-inventory-tree.js';
import { scanInventory } from './scan-inventory.js';

/** vercel/ai's shape: `.agents/skills` is a link to `.claude/skills`. */
async function makeLinkedRoots() {
  return makeTestRepository(
    {
      '.git/HEAD': '',
      '.claude/skills/pdf/SKILL.md': skillFile('pdf'),
      '.claude/skills/docs/SKILL.md': skillFile('docs'),
    },
    { '.agents/skills': '../.claude/skills' },
  );
}

describe('a root whose folder links to another root’s', () => {
  it('lists each real file once, and says the linked root’s entries are listed under the other', async () => {
    const { workspace } = await makeLinkedRoots();
    const result = await scanInventory({ workspace });
    const [claude, agents] = result.roots;
    expect(claude?.skills.map((skill) => [skill.path, skill.reachableFrom])).toEqual([
      ['.claude/skills/docs/SKILL.md', ['.claude', '.agents']],
      ['.claude/skills/pdf/SKILL.md', ['.claude', '.agents']],
    ]);
    expect(agents).toMatchObject({ root: '.agents', exists: true, skills: [] });
    expect(agents?.listedUnder).toEqual([{ kind: 'skills', root: '.claude', count: 2 }]);
    expect(claude?.listedUnder).toBeUndefined();

    expect(renderInventorySummary(result).split('\n').slice(0, 2)).toEqual([
      '.claude: 2 skills, 0 agents, 0 commands',
      '.agents: 2 skills (2 through a link, listed under .claude), 0 agents, 0 commands',
    ]);
    const tree = renderInventoryTree(result);
    expect(tree).toContain(
      '.agents\n└── skills: 2 skills listed under .claude (the same files, through a link)\n',
    );
    expect(tree).not.toContain('(no skills, agents, commands or hooks)');
  });

  it('lists each command once when two roots’ command folders are one real folder of files', async () => {
    // A folder of files only is taken as its listing answered it: the real folder is still compared.
    const { workspace } = await makeTestRepository(
      {
        '.git/HEAD': '',
        '.claude/commands/build.md': '---\ndescription: Build it.\n---\n',
        '.claude/commands/ship.md': '---\ndescription: Ship it.\n---\n',
      },
      { '.agents/commands': '../.claude/commands' },
    );
    const [claude, agents] = (await scanInventory({ workspace })).roots;
    expect(claude?.commands.map((command) => [command.path, command.reachableFrom])).toEqual([
      ['.claude/commands/build.md', ['.claude', '.agents']],
      ['.claude/commands/ship.md', ['.claude', '.agents']],
    ]);
    expect(agents).toMatchObject({ root: '.agents', exists: true, commands: [] });
    expect(agents?.listedUnder).toEqual([{ kind: 'commands', root: '.claude', count: 2 }]);
  });

  it('lists a command once when a file of its folder links to another file of the same folder', async () => {
    const { workspace } = await makeTestRepository(
      { '.git/HEAD': '', '.claude/commands/deploy.md': '---\ndescription: Deploy it.\n---\n' },
      { '.claude/commands/ship.md': 'deploy.md' },
    );
    const [claude] = (await scanInventory({ workspace })).roots;
    expect(claude?.commands.map((command) => command.path)).toEqual(['.claude/commands/deploy.md']);
  });

  it('shows the link in inspect and inventory, not an empty root', async () => {
    const { root } = await makeLinkedRoots();
    const inspect = await runCliInProcess(root, ['inspect']);
    expect(inspect.stdout).toContain(
      '  .agents: 2 skills (2 through a link, listed under .claude), 0 agents, 0 commands\n',
    );
    const inventory = await runCliInProcess(root, ['inventory']);
    expect(inventory.stdout).toContain(
      '.agents\n└── skills: 2 skills listed under .claude (the same files, through a link)',
    );
    const json = JSON.parse((await runCliInProcess(root, ['inventory', '--json'])).stdout);
    expect(json.roots[1].listedUnder).toEqual([{ kind: 'skills', root: '.claude', count: 2 }]);
  });
});
