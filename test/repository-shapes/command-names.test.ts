import { describe, expect, it } from 'vitest';
import { commands, createContextSession, localWorkspace, scanInventory } from '../../src/index.js';
import type { InventoryResult } from '../../src/inspect.js';
import { runCliInProcess } from '../support/cli.js';
import { makeTestRepository } from '../support/test-repository.js';

// One command of every format, several in subfolders, and a Copilot prompt named in its frontmatter.
const files = {
  '.git/HEAD': 'ref: refs/heads/main\n',
  '.claude/commands/review.md': 'Review the diff.\n',
  '.claude/commands/frontend/build.md': 'Build the storefront.\n',
  '.claude/commands/api/v2/new-route.md': 'Add a route.\n',
  '.gemini/commands/git/commit.toml': 'prompt = "Write a commit message."\n',
  '.github/prompts/triage.prompt.md': 'Triage the issue.\n',
  '.github/prompts/labels.prompt.md': '---\nname: label-issue\n---\nLabel the issue.\n',
  '.cursor/commands/fix.md': 'Fix the failing test.\n',
  '.opencode/commands/team/release.md': 'Cut a release.\n',
};

const byPath = (pairs: Array<[string, string | null]>) =>
  [...pairs].sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
const inventoryNames = (result: InventoryResult) =>
  byPath(
    result.roots.flatMap((root) =>
      root.commands.map((entry): [string, string | null] => [entry.path, entry.name]),
    ),
  );

describe('a slash command has one name in the inventory, commands() and the CLI', () => {
  it('names each command as its assistant does, a Claude Code subfolder being a label', async () => {
    const { root, workspace } = await makeTestRepository(files);
    const roots = ['.claude', '.gemini', '.github', '.cursor', '.opencode'];
    const library = inventoryNames(await scanInventory({ workspace, roots }));
    const cli = await runCliInProcess(root, ['inventory', root, '--stop-at', root, '--json']);
    expect(cli.code).toBe(0);
    expect(inventoryNames(JSON.parse(cli.stdout))).toEqual(library);

    const capability = commands();
    const session = createContextSession({ workspace: localWorkspace(root), capabilities: [capability] });
    await session.startRun();
    const listed = byPath((await capability.list(session)).map((entry) => [entry.path, entry.name]));
    expect(listed).toEqual(library);
    expect(library).toEqual([
      ['.claude/commands/api/v2/new-route.md', 'new-route'],
      ['.claude/commands/frontend/build.md', 'build'],
      ['.claude/commands/review.md', 'review'],
      ['.cursor/commands/fix.md', 'fix'],
      ['.gemini/commands/git/commit.toml', 'git:commit'],
      ['.github/prompts/labels.prompt.md', 'label-issue'],
      ['.github/prompts/triage.prompt.md', 'triage'],
      ['.opencode/commands/team/release.md', 'team/release'],
    ]);

    // The older folder-joined form still reaches the Claude Code command, as an alias only.
    const expanded = await session.expandCommand('/frontend:build');
    expect(expanded.command?.path).toBe('.claude/commands/frontend/build.md');
    expect((await session.expandCommand('/api:v2:new-route')).command?.path).toBe(
      '.claude/commands/api/v2/new-route.md',
    );
  });
});
