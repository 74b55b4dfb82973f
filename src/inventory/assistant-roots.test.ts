import { describe, expect, it } from 'vitest';
import { makeTestRepository, skillFile } from '../../test/support/test-repository.js';
import { loadAgentDefinitions } from '../agent-definitions/load-agent-definitions.js';
import { selectUsableSkills } from '../skills/usable-skills.js';
import { scanInventory } from './scan-inventory.js';

const agent = (name: string) => `---\nname: ${name}\ndescription: The ${name} agent.\n---\nDo the work.\n`;

/** The layouts of Gemini CLI, GitHub Copilot, Cursor, OpenCode and Claude Code output styles. */
const files: Record<string, string> = {
  '.git/HEAD': 'ref: refs/heads/main\n',
  '.claude/skills/shared/SKILL.md': skillFile('shared'),
  '.claude/output-styles/teacher.md':
    '---\nname: Teacher\ndescription: Explains each step.\nkeep-coding-instructions: true\n---\nTeach.\n',
  '.claude/output-styles/README.md': 'Not a style.\n',
  '.gemini/commands/git/commit.toml':
    'description = "Write a commit message."\nprompt = "Write a commit message for {{args}}."\n',
  '.gemini/commands/broken.toml': 'description = "No prompt here."\n',
  '.gemini/skills/gem/SKILL.md': skillFile('gem'),
  '.gemini/agents/planner.md': agent('planner'),
  '.github/prompts/review.prompt.md': '---\ndescription: Review the diff.\n---\nReview it.\n',
  '.github/agents/triage.agent.md': agent('triage'),
  '.github/skills/hub/SKILL.md': skillFile('hub'),
  '.cursor/commands/fix.md': 'Fix the failing test.\n',
  '.cursor/skills/cur/SKILL.md': skillFile('cur'),
  '.cursor/agents/checker.md': agent('checker'),
  '.opencode/command/old.md': '---\ndescription: The older folder name.\n---\nOld.\n',
  '.opencode/commands/team/review.md': '---\ndescription: Team review.\n---\nReview.\n',
  '.opencode/agent/helper.md': agent('helper'),
  '.opencode/skills/open/SKILL.md': skillFile('open'),
  '.gemini/extensions/docs/gemini-extension.json': JSON.stringify({
    name: 'docs',
    contextFileName: ['DOCS.md', 'MISSING.md'],
  }),
  '.gemini/extensions/docs/DOCS.md': 'Docs context.\n',
  '.gemini/extensions/docs/commands/docs/write.toml': 'prompt = "Write the docs."\n',
  '.gemini/extensions/plain/gemini-extension.json': JSON.stringify({ name: 'plain' }),
  '.gemini/extensions/plain/GEMINI.md': 'Plain context.\n',
};

describe('asset roots of Gemini CLI, Copilot, Cursor and OpenCode', () => {
  it('are read by default, each with its own folders for commands and agents', async () => {
    const { workspace } = await makeTestRepository(files, { '.agents': '.claude' });
    const result = await scanInventory({ workspace, formats: [] });
    const root = (name: string) => result.roots.find((entry) => entry.root === name)!;
    expect(root('.gemini').commands.map((command) => [command.name, command.description])).toEqual([
      ['broken', 'No prompt here.'],
      ['git:commit', 'Write a commit message.'],
    ]);
    expect(root('.gemini').commands[0]?.diagnostics.map((diagnostic) => diagnostic.code)).toEqual([
      'missing-prompt',
    ]);
    expect(root('.gemini').agents.map((entry) => entry.name)).toEqual(['planner']);
    expect(root('.github').commands.map((command) => [command.name, command.path])).toEqual([
      ['review', '.github/prompts/review.prompt.md'],
    ]);
    expect(root('.github').agents.map((entry) => entry.name)).toEqual(['triage']);
    expect(root('.cursor').commands.map((command) => command.name)).toEqual(['fix']);
    expect(root('.opencode').commands.map((command) => command.name)).toEqual(['team/review', 'old']);
    expect(root('.opencode').agents.map((entry) => entry.name)).toEqual(['helper']);
    const skillOf: Array<[string, string]> = [
      ['.gemini', 'gem'],
      ['.github', 'hub'],
      ['.cursor', 'cur'],
      ['.opencode', 'open'],
    ];
    for (const [name, skill] of skillOf)
      expect(root(name).skills.map((entry) => entry.name)).toEqual([skill]);
  });

  it('lists one entry for a file that a linked root reaches twice', async () => {
    const { workspace } = await makeTestRepository(files, { '.agents': '.claude' });
    const result = await scanInventory({ workspace, formats: [] });
    const all = result.roots.flatMap((entry) => entry.skills.map((skill) => skill.name));
    expect(all.filter((name) => name === 'shared')).toHaveLength(1);
  });

  it('lists Claude Code output styles and the context files of Gemini CLI extensions', async () => {
    const { workspace } = await makeTestRepository(files);
    const result = await scanInventory({ workspace, formats: [] });
    const claude = result.roots.find((entry) => entry.root === '.claude')!;
    expect(claude.outputStyles).toEqual([
      {
        path: '.claude/output-styles/teacher.md',
        name: 'Teacher',
        description: 'Explains each step.',
        attributes: { 'keep-coding-instructions': true },
        diagnostics: [],
      },
    ]);
    const extension = (name: string) => result.roots.find((entry) => entry.plugin === name)!;
    expect(extension('docs').contextFiles).toEqual(['.gemini/extensions/docs/DOCS.md']);
    expect(extension('plain').contextFiles).toEqual(['.gemini/extensions/plain/GEMINI.md']);
    expect(extension('docs').commands.map((command) => command.name)).toEqual(['docs:docs:write']);
    expect(result.roots.find((entry) => entry.root === '.gemini')?.outputStyles).toBeUndefined();
  });

  it('feed the skills and the sub-agent definitions', async () => {
    const { workspace } = await makeTestRepository(files);
    const inventory = await scanInventory({ workspace, formats: [] });
    const skills = selectUsableSkills([inventory]).skills.map((skill) => skill.name);
    for (const name of ['gem', 'hub', 'cur', 'open', 'shared']) expect(skills).toContain(name);
    const agents = await loadAgentDefinitions(workspace);
    expect(agents.items.map((definition) => definition.name).sort()).toEqual(
      ['checker', 'helper', 'planner', 'triage'].sort(),
    );
  });
});
