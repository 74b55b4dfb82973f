import { describe, expect, it } from 'vitest';
import { makeTestRepository } from '../../test/support/test-repository.js';
import type { Workspace } from '../workspace/workspace.js';
import { loadAgentDefinitions } from './load-agent-definitions.js';

const reviewer = [
  '---',
  'name: api-reviewer',
  'description: Review changes to packages/api for missing tests.',
  'tools: Read, Grep, Bash(npm test:*)',
  'model: sonnet',
  'color: blue',
  '---',
  '',
  'You review API changes. Read the route files first.',
  '',
].join('\n');

// A description with an unquoted colon and <example> blocks, as plugin agents often have.
const planner = [
  '---',
  'name: planner',
  'description: Use this agent to plan a change. Examples: <example>',
  '  user: plan the cache work',
  '  assistant: I will use the planner agent.',
  '  </example>',
  '---',
  'Plan before editing.',
].join('\n');

describe('loadAgentDefinitions', () => {
  it('reads Claude Code, Codex and Copilot agent files as typed definitions, in scan order', async () => {
    const { workspace } = await makeTestRepository({
      '.claude/agents/api-reviewer.md': reviewer,
      '.claude/agents/planner.md': planner,
      '.claude/agents/README.md': '# Our agents\n',
      '.codex/agents/api-reviewer.md': '---\nname: api-reviewer\ndescription: The Codex copy.\n---\nOther.\n',
      '.github/agents/docs-writer.agent.md':
        "---\ndescription: Write and fix documentation.\ntools: ['read', 'edit']\n---\n\nYou write docs.\n",
    });
    const { items, diagnostics } = await loadAgentDefinitions(workspace);
    expect(items.map((item) => [item.name, item.source])).toEqual([
      ['api-reviewer', '.claude/agents/api-reviewer.md'],
      ['planner', '.claude/agents/planner.md'],
      ['docs-writer', '.github/agents/docs-writer.agent.md'],
    ]);
    expect(items[0]).toEqual({
      name: 'api-reviewer',
      description: 'Review changes to packages/api for missing tests.',
      prompt: 'You review API changes. Read the route files first.',
      tools: ['Read', 'Grep', 'Bash(npm test:*)'],
      model: 'sonnet',
      source: '.claude/agents/api-reviewer.md',
      diagnostics: [],
    });
    expect(items[1]?.description).toContain('<example>');
    expect(items[1]?.prompt).toBe('Plan before editing.');
    expect(items[1]?.tools).toBeUndefined();
    expect(items[2]).toMatchObject({ tools: ['read', 'edit'], prompt: 'You write docs.' });
    expect(diagnostics).toContainEqual(
      expect.objectContaining({ code: 'duplicate-agent-name', path: '.codex/agents/api-reviewer.md' }),
    );
  });

  it("warns on the definition for a tool name no assistant's vocabulary knows, read as its folder's assistant", async () => {
    const { workspace } = await makeTestRepository({
      '.claude/agents/reviewer.md':
        '---\nname: reviewer\ndescription: Review.\ntools: Read, Grep, Glob, Frobnicate\n---\nReview.\n',
      '.github/agents/writer.agent.md':
        "---\ndescription: Write.\ntools: ['codebase', 'editFiles', 'EXECUTE']\n---\nWrite.\n",
      // `editFiles` is a Copilot name: in a Claude Code folder it maps to nothing.
      '.claude/agents/mixed.md':
        '---\nname: mixed\ndescription: Mixed.\ntools: Read, editFiles\n---\nMixed.\n',
    });
    const { items } = await loadAgentDefinitions(workspace);
    const byName = Object.fromEntries(items.map((item) => [item.name, item.diagnostics]));
    expect(byName.reviewer).toEqual([
      {
        severity: 'warning',
        code: 'unknown-tool-name',
        message:
          "The agent reviewer names the tool `Frobnicate`, which no assistant's vocabulary knows: only a host tool named exactly `Frobnicate` will match it.",
        path: '.claude/agents/reviewer.md',
      },
    ]);
    expect(byName.writer).toEqual([]);
    expect(byName.mixed?.map((diagnostic) => diagnostic.message)).toEqual([
      expect.stringContaining('`editFiles`'),
    ]);
  });

  it('keeps a file without frontmatter, named after the file, and leaves out a binary one', async () => {
    const { workspace } = await makeTestRepository({
      '.claude/agents/plain.md': 'Just a prompt.\n',
      '.claude/agents/image.md': '\u0000\u0001binary',
    });
    const { items, diagnostics } = await loadAgentDefinitions(workspace);
    expect(items).toEqual([
      expect.objectContaining({ name: 'plain', description: '', prompt: 'Just a prompt.' }),
    ]);
    expect(diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path])).toEqual([
      ['binary-file', '.claude/agents/image.md'],
      ['missing-frontmatter', '.claude/agents/plain.md'],
      ['missing-description', '.claude/agents/plain.md'],
    ]);
  });

  it('reports a definition file the system fails to read as read-failed, and keeps the others', async () => {
    const { workspace } = await makeTestRepository({
      '.claude/agents/broken.md': reviewer,
      '.claude/agents/planner.md': planner,
    });
    const failing: Workspace = Object.assign(Object.create(workspace) as Workspace, {
      readFile: (path: string, options?: Parameters<Workspace['readFile']>[1]) =>
        path.endsWith('broken.md')
          ? Promise.reject(Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' }))
          : workspace.readFile(path, options),
    });
    const { items, diagnostics } = await loadAgentDefinitions(failing);
    expect(items.map((item) => item.name)).toEqual(['planner']);
    const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
    expect(errors.map((diagnostic) => [diagnostic.code, diagnostic.path])).toEqual([
      ['read-failed', '.claude/agents/broken.md'],
    ]);
    expect(errors[0]?.message).toContain('EIO');
  });

  it('gives an empty list without agent folders, and reads only the roots asked for', async () => {
    const { workspace } = await makeTestRepository({
      '.github/agents/docs.agent.md': '---\ndescription: Docs.\n---\nWrite docs.\n',
    });
    expect(await loadAgentDefinitions(workspace, { roots: ['.claude'] })).toEqual({
      items: [],
      diagnostics: [],
    });
    expect((await loadAgentDefinitions(workspace)).items.map((item) => item.name)).toEqual(['docs']);
  });

  it('reads Codex custom agents (.codex/agents/*.toml) with developer_instructions as the prompt', async () => {
    const migrations = [
      'name = "migration-checker"',
      'description = "Check database migrations for locking statements."',
      'model = "gpt-5-codex"',
      'sandbox_mode = "read-only"',
      'developer_instructions = """',
      'Read every new file under db/migrations.',
      'Report statements that lock a table: "ALTER TABLE ... ADD COLUMN ... DEFAULT".',
      '"""',
      '',
      '[mcp_servers.docs]',
      'command = "docs-server"',
      '',
    ].join('\n');
    const { workspace } = await makeTestRepository({
      '.codex/agents/migration-checker.toml': migrations,
      '.codex/agents/unnamed.toml': 'description = "No instructions here."\n',
      '.codex/agents/broken.toml': 'name = "broken\ndescription = 1\n',
      '.claude/agents/notes.toml': 'name = "not-an-agent"\n',
    });
    const { items, diagnostics } = await loadAgentDefinitions(workspace);
    expect(items.map((item) => item.source)).toEqual([
      '.codex/agents/migration-checker.toml',
      '.codex/agents/unnamed.toml',
    ]);
    expect(items[0]).toEqual({
      name: 'migration-checker',
      description: 'Check database migrations for locking statements.',
      prompt:
        'Read every new file under db/migrations.\nReport statements that lock a table: "ALTER TABLE ... ADD COLUMN ... DEFAULT".',
      model: 'gpt-5-codex',
      source: '.codex/agents/migration-checker.toml',
      diagnostics: [],
    });
    expect(items[1]).toMatchObject({ name: 'unnamed', prompt: '' });
    expect(diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path])).toEqual([
      ['invalid-toml', '.codex/agents/broken.toml'],
      ['missing-instructions', '.codex/agents/unnamed.toml'],
    ]);
    expect(diagnostics[0]?.message).toMatch(
      /^\.codex\/agents\/broken\.toml is not valid TOML \(line 1, column \d+\): /,
    );
  });
});
