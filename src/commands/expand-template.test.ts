import { describe, expect, it } from 'vitest';
import type { Command } from './command.js';
import { expandTemplate, type ReferenceRead } from './expand-template.js';
import { parseCommandInput } from './parse-command-input.js';

const files: Record<string, string> = { 'src/a.ts': 'export const a = 1;\n', 'notes.md': 'Notes.' };
/** The shell lines the expansions asked to run, in order; each is replaced by `<ran CMD>`. */
const ran: string[] = [];
const context = {
  readReference: async (path: string): Promise<ReferenceRead> =>
    path in files ? { text: files[path] ?? '' } : { reason: 'no such file' },
  runShell: async (command: string) => {
    ran.push(command);
    return `<ran ${command}>`;
  },
};
const expand = (format: Command['format'], body: string, typed: string) =>
  expandTemplate({ format, body }, parseCommandInput(typed) ?? { name: '', arguments: '' }, context);

describe('expandTemplate', () => {
  it('Claude Code: $ARGUMENTS as typed, $N and $ARGUMENTS[N] from 0 with shell quoting', async () => {
    const result = await expand(
      'claude',
      'All: $ARGUMENTS. First: $0, second: $ARGUMENTS[1], third: $2, none: [$7], [$ARGUMENTS[9]]',
      '/migrate "my widget" React Vue',
    );
    // A `$N` past the words given stays as written (as Claude Code leaves it); `$ARGUMENTS[N]` empties.
    expect(result.text).toBe(
      'All: "my widget" React Vue. First: my widget, second: React, third: Vue, none: [$7], []',
    );
    expect((await expand('claude', 'Fix $0 with priority $2.', '/fix bug-7 src')).text).toBe(
      'Fix bug-7 with priority $2.',
    );
  });

  it('Claude Code: appends ARGUMENTS when the template has no placeholder, nothing without arguments', async () => {
    expect((await expand('claude', 'Review the diff.\n', '/review 123')).text).toBe(
      'Review the diff.\n\nARGUMENTS: 123',
    );
    expect((await expand('claude', 'Review the diff.\n', '/review')).text).toBe('Review the diff.\n');
  });

  it('Claude Code: appends each @file the template names, read through the context, once each', async () => {
    const result = await expand(
      'claude',
      'Review @src/a.ts against @notes.md and @src/a.ts; skip `@not/this`.',
      '/r',
    );
    expect(result.text).toBe(
      'Review @src/a.ts against @notes.md and @src/a.ts; skip `@not/this`.\n\n<file name="src/a.ts">\nexport const a = 1;\n</file>\n\n<file name="notes.md">\nNotes.\n</file>',
    );
    expect(result.references).toEqual(['src/a.ts', 'notes.md']);
    const missing = await expand('claude', 'See @gone.md', '/r');
    expect(missing.unread).toEqual([{ path: 'gone.md', reason: 'no such file' }]);
  });

  it('Claude Code: hands each shell line to runShell in order, arguments shell-quoted, output not rescanned', async () => {
    ran.length = 0;
    const claude = await expand(
      'claude',
      'Status: !`git status`\nLog: !`git log $0 -- $ARGUMENTS`\nKEY=!`not-run` a!`nor-this`\n```!\nnode -v\nnpm -v\n```\nEnd @notes.md',
      "/x main it's",
    );
    expect(ran).toEqual(['git status', "git log 'main' -- 'main it'\\''s'", 'node -v\nnpm -v']);
    expect(claude.text).toBe(
      "Status: <ran git status>\nLog: <ran git log 'main' -- 'main it'\\''s'>\nKEY=!`not-run` a!`nor-this`\n<ran node -v\nnpm -v>\nEnd @notes.md\n\n<file name=\"notes.md\">\nNotes.\n</file>",
    );
    // A placeholder used only inside a shell line still counts: nothing is appended.
    expect((await expand('claude', 'Diff: !`git diff $ARGUMENTS`', '/x main')).text).toBe(
      "Diff: <ran git diff 'main'>",
    );
    // Shell output naming a file is not read as a reference.
    const quiet = {
      ...context,
      runShell: async () => 'see @notes.md',
    };
    const output = await expandTemplate(
      { format: 'claude', body: '!`cat x`' },
      { name: 'x', arguments: '' },
      quiet,
    );
    expect(output).toEqual({ text: 'see @notes.md', references: [], unread: [] });
  });

  it('Gemini CLI: runs each !{...} with {{args}} shell-quoted inside it, removes an empty one', async () => {
    ran.length = 0;
    const gemini = await expand(
      'gemini',
      'Diff: !{git diff {{args}}} and !{echo {a}}!{ }',
      '/x main; rm -rf /',
    );
    expect(ran).toEqual(["git diff 'main; rm -rf /'", 'echo {a}']);
    expect(gemini.text).toBe("Diff: <ran git diff 'main; rm -rf /'> and <ran echo {a}>");
  });

  it('Gemini CLI: {{args}} as typed, @{path} replaced by the file, the whole input appended without {{args}}', async () => {
    expect((await expand('gemini', 'Review issue {{args}}.\n@{notes.md}', '/git:review 42 high')).text).toBe(
      'Review issue 42 high.\nNotes.',
    );
    expect((await expand('gemini', 'Plan the work.', '/plan add auth')).text).toBe(
      'Plan the work.\n\n/plan add auth',
    );
    expect((await expand('gemini', 'Plan the work.', '/plan')).text).toBe('Plan the work.');
    expect((await expand('gemini', 'Read @{gone.md} now', '/x')).text).toBe(
      'Read [file not read: gone.md (no such file)] now',
    );
    expect((await expand('gemini', 'Unclosed !{echo', '/x')).text).toBe('Unclosed !{echo');
  });

  it('OpenCode: $1 is the first word; Copilot: input variables from name=value; Cursor: arguments appended', async () => {
    expect((await expand('opencode', 'Fix $1 in $2 ($ARGUMENTS)', '/fix bug-7 src')).text).toBe(
      'Fix bug-7 in src (bug-7 src)',
    );
    expect(
      (
        await expand(
          'copilot',
          `Create $${'{'}input:formName:Form name} with $${'{'}input:fields}. $${'{'}selection}`,
          '/form formName=Signup be quick',
        )
      ).text,
    ).toBe(`Create Signup with $${'{'}input:fields}. $${'{'}selection}\n\nbe quick`);
    expect((await expand('cursor', 'Write tests.\n', '/tests for the parser')).text).toBe(
      'Write tests.\n\nfor the parser',
    );
  });

  it('is linear on hostile templates', async () => {
    const body = '!{'.repeat(50_000) + '@{'.repeat(50_000) + '$'.repeat(100_000);
    const result = await expand('gemini', body, '/x');
    expect(result.text.length).toBeGreaterThan(0);
    ran.length = 0;
    await expand('claude', `${'!`'.repeat(100_000)}${' !`x`'.repeat(20_000)}${'```!'.repeat(20_000)}`, '/x');
    expect(ran).toHaveLength(20_001);
  });
});

describe('parseCommandInput', () => {
  it('reads the name and the arguments as typed, and refuses what is not a command', () => {
    expect(parseCommandInput('/review 123  high\n')).toEqual({ name: 'review', arguments: '123  high' });
    expect(parseCommandInput('/git:commit')).toEqual({ name: 'git:commit', arguments: '' });
    expect(parseCommandInput('/team/review src')).toEqual({ name: 'team/review', arguments: 'src' });
    for (const text of ['review', ' /review', '/', '// comment', '/ x'])
      expect(parseCommandInput(text)).toBeUndefined();
  });
});
