import { describe, expect, it } from 'vitest';
import { assistantOfFile } from './assistant.js';
import { assistantToolNames } from './assistant-tool-names.js';
import { parseToolPattern } from './parse-tool-pattern.js';
import { toolRoles } from './tool-role.js';
import { toolVocabulary } from './tool-vocabulary.js';

const sessionTools = ['read_file', 'list_directory', 'write_file', 'find_files', 'search_files'];

describe('toolVocabulary', () => {
  it("maps a Claude Code agent's Read, Grep, Glob to the session's read and search tools", () => {
    const selection = toolVocabulary().select(['Read', 'Grep', 'Glob'], sessionTools, {
      assistant: 'claude-code',
    });
    expect(selection).toEqual({ tools: ['read_file', 'find_files', 'search_files'], diagnostics: [] });
  });

  it("maps a Copilot agent's codebase and editFiles to search_files and write_file", () => {
    const selection = toolVocabulary().select(['codebase', 'editFiles'], sessionTools, {
      assistant: 'github-copilot',
    });
    expect(selection.tools).toEqual(['write_file', 'search_files']);
  });

  it('maps Gemini CLI names, and Copilot tool sets to every tool of the set', () => {
    const vocabulary = toolVocabulary();
    expect(
      vocabulary.select(['read_file', 'glob', 'search_file_content'], sessionTools, {
        assistant: 'gemini-cli',
      }).tools,
    ).toEqual(['read_file', 'find_files', 'search_files']);
    expect(vocabulary.select(['search'], sessionTools, { assistant: 'github-copilot' }).tools).toEqual([
      'list_directory',
      'find_files',
      'search_files',
    ]);
  });

  it('matches Copilot names without regard to case, and Claude Code names exactly', () => {
    const vocabulary = toolVocabulary();
    expect(
      vocabulary.select(['EXECUTE', 'Read'], ['read_file', 'bash'], { assistant: 'github-copilot' }).tools,
    ).toEqual(['read_file']);
    expect(vocabulary.rolesOfName('execute', { assistant: 'github-copilot' })).toEqual(['shell']);
    expect(vocabulary.rolesOfName('read', { assistant: 'claude-code' })).toBeUndefined();
  });

  it("selects a host's own tools through the roles the host gives them", () => {
    const vocabulary = toolVocabulary({ hostTools: { bash: 'shell', fetch_page: ['web-fetch'] } });
    const available = [...sessionTools, 'bash', 'fetch_page', 'run_tests'];
    expect(vocabulary.select(['Bash'], available, { assistant: 'claude-code' }).tools).toEqual(['bash']);
    expect(vocabulary.select(['run_shell_command'], available, { assistant: 'gemini-cli' }).tools).toEqual([
      'bash',
    ]);
    expect(
      vocabulary.select(['runCommands', 'fetch'], available, { assistant: 'github-copilot' }).tools,
    ).toEqual(['bash', 'fetch_page']);
    expect(vocabulary.select(['run_tests'], available).tools).toEqual(['run_tests']);
    expect(vocabulary.select(['*'], available).tools).toEqual(available);
  });

  it('warns for a name that maps to nothing, one the host lacks, and a specifier it cannot enforce', () => {
    const selection = toolVocabulary().select(
      ['Read', 'Frobnicate', 'Bash', 'Bash(git diff:*)'],
      sessionTools,
      {
        assistant: 'claude-code',
        owner: 'The agent reviewer',
        path: '.claude/agents/reviewer.md',
      },
    );
    expect(selection.tools).toEqual(['read_file']);
    expect(selection.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path])).toEqual([
      ['unknown-tool-name', '.claude/agents/reviewer.md'],
      ['tool-not-offered', '.claude/agents/reviewer.md'],
      ['tool-specifier-not-enforced', '.claude/agents/reviewer.md'],
    ]);
    expect(selection.diagnostics.every((diagnostic) => diagnostic.severity === 'warning')).toBe(true);
    expect(selection.diagnostics[0]?.message).toContain('The agent reviewer names the tool `Frobnicate`');
    expect(selection.diagnostics[1]?.message).toContain('`Bash` (shell)');
  });

  it('lists the names a hook matcher is tested against for a session tool', () => {
    const vocabulary = toolVocabulary({ hostTools: { bash: 'shell' } });
    expect(vocabulary.namesOf('write_file', { assistant: 'claude-code' })).toEqual([
      'write_file',
      'Write',
      'Edit',
      'MultiEdit',
    ]);
    expect(vocabulary.namesOf('bash', { assistant: 'claude-code' })).toEqual(['bash', 'Bash', 'PowerShell']);
    expect(vocabulary.namesOf('run_tests')).toEqual(['run_tests']);
  });

  it('reads names of a file outside any assistant folder as the first assistant that has them', () => {
    const vocabulary = toolVocabulary();
    expect(vocabulary.rolesOfName('Read')).toEqual(['read']);
    expect(vocabulary.rolesOfName('grep')).toEqual(['search']);
    expect(vocabulary.rolesOfName('nothing-like-this')).toBeUndefined();
  });
});

describe('assistantToolNames', () => {
  it('gives every name known roles and an https source, once per assistant', () => {
    const seen = new Set<string>();
    for (const entry of assistantToolNames) {
      expect(entry.roles.length).toBeGreaterThan(0);
      for (const role of entry.roles) expect(toolRoles).toContain(role);
      expect(entry.source).toMatch(/^https:\/\//);
      const key = `${entry.assistant}\0${entry.name}`;
      expect(seen.has(key)).toBe(false);
      seen.add(key);
    }
  });
});

describe('assistantOfFile', () => {
  it('finds the assistant from the nearest assistant folder of a label', () => {
    expect(assistantOfFile('.claude/agents/reviewer.md')).toBe('claude-code');
    expect(assistantOfFile('packages/api/.github/agents/x.agent.md')).toBe('github-copilot');
    expect(assistantOfFile('.gemini/agents/x.md')).toBe('gemini-cli');
    expect(assistantOfFile('.agents/agents/x.md')).toBeUndefined();
    expect(assistantOfFile('plugins/review/agents/x.md')).toBeUndefined();
  });
});

describe('parseToolPattern', () => {
  it('splits a permission specifier from the name', () => {
    expect(parseToolPattern(' Bash(git diff:*) ')).toEqual({ name: 'Bash', specifier: 'git diff:*' });
    expect(parseToolPattern('Read')).toEqual({ name: 'Read' });
    expect(parseToolPattern('(odd)')).toEqual({ name: '(odd)' });
  });
});
