import { describe, expect, it } from 'vitest';
import { makeTestRepository } from '../../test/support/test-repository.js';
import { createContextSession } from '../session/context-session.js';
import { commands } from './commands.js';
import { loadCommands } from './load-commands.js';

// A repository whose marketplace names two plugins, with a Gemini CLI extension beside them: their
// commands are typed with the plugin's name, and by their own where no other command has it.
const repository: Record<string, string> = {
  '.git/HEAD': 'ref: refs/heads/main\n',
  '.claude/commands/deploy.md': 'Deploy the project itself.\n',
  '.claude-plugin/marketplace.json': JSON.stringify({
    plugins: [
      { name: 'review', source: './plugins/review' },
      { name: 'ops', source: './plugins/ops' },
      { name: 'remote', source: { source: 'github', repo: 'someone/else' } },
    ],
  }),
  'plugins/review/commands/check.md': '---\ndescription: Check the change.\n---\nCheck $ARGUMENTS closely.\n',
  'plugins/review/commands/deploy.md': 'Deploy as the review plugin would.\n',
  'plugins/review/commands/git/push.md': 'Push the branch.\n',
  'plugins/ops/commands/check.md': 'Check the servers.\n',
  '.gemini/extensions/toolbox/gemini-extension.json': JSON.stringify({ name: 'toolbox', version: '1.0.0' }),
  '.gemini/extensions/toolbox/commands/lint.toml': 'description = "Lint"\nprompt = "Lint {{args}}."\n',
};

describe('plugin commands', () => {
  it('are named PLUGIN:NAME after the project commands, their bare name an alias when free', async () => {
    const { workspace } = await makeTestRepository(repository);
    const load = await loadCommands({ workspace });
    expect(load.commands.map((command) => [command.name, command.format, command.path])).toEqual([
      ['deploy', 'claude', '.claude/commands/deploy.md'],
      ['review:check', 'claude', 'plugins/review/commands/check.md'],
      ['review:deploy', 'claude', 'plugins/review/commands/deploy.md'],
      ['review:push', 'claude', 'plugins/review/commands/git/push.md'],
      ['ops:check', 'claude', 'plugins/ops/commands/check.md'],
      ['toolbox:lint', 'gemini', '.gemini/extensions/toolbox/commands/lint.toml'],
    ]);
    // `deploy` is the project's; `check` the first plugin's.
    expect(Object.fromEntries(load.aliases)).toEqual({
      check: 'review:check',
      push: 'review:push',
      lint: 'toolbox:lint',
    });
    expect(load.diagnostics).toEqual([]);
  });

  it('expand through commands(), and stay out with plugins: false or without their format', async () => {
    const { workspace } = await makeTestRepository(repository);
    const session = createContextSession({ workspace, capabilities: [commands()] });
    await session.startRun();
    expect((await session.expandCommand('/check the parser')).text).toContain('Check the parser closely.');
    expect((await session.expandCommand('/ops:check')).text).toContain('Check the servers.');
    expect((await session.expandCommand('/deploy')).text).toContain('Deploy the project itself.');
    expect((await session.expandCommand('/review:deploy')).text).toContain(
      'Deploy as the review plugin would.',
    );
    expect((await session.expandCommand('/lint src')).text).toContain('Lint src.');

    const without = await loadCommands({ workspace, plugins: false });
    expect(without.commands.map((command) => command.name)).toEqual(['deploy']);
    const claudeOnly = await loadCommands({ workspace, formats: ['claude'] });
    expect(claudeOnly.commands.map((command) => command.name)).not.toContain('toolbox:lint');
    expect(claudeOnly.commands.map((command) => command.name)).toContain('ops:check');
  });
});
