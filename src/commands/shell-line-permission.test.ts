import { describe, expect, it } from 'vitest';
import { allowedToolsOf } from './command.js';
import { commandParts, shellLinePermission } from './shell-line-permission.js';

const allowed = (line: string, tools: string | null, format: 'claude' | 'gemini' | 'opencode' = 'claude') =>
  shellLinePermission(line, format, allowedToolsOf(tools)).allowed;

describe('shellLinePermission', () => {
  it('lets read-only commands run without a rule, as Claude Code does, and nothing that writes', () => {
    expect(allowed('echo hi', null)).toBe(true);
    expect(allowed('git status --short', null)).toBe(true);
    expect(allowed('printf \'%s\' "a > b"', null)).toBe(true);
    expect(allowed('touch X && echo touched', null)).toBe(false);
    expect(allowed('echo run >> runs.log', null)).toBe(false);
    expect(allowed('echo $(rm -rf x)', null)).toBe(false);
    expect(allowed('echo "`rm x`"', null)).toBe(false);
    expect(allowed("echo '$(not run)'", null)).toBe(true);
    expect(allowed('echo total-$((6*7))', null)).toBe(true);
    expect(allowed('git push', null)).toBe(false);
    expect(allowed('gitx status', null)).toBe(false);
  });

  it('reads Bash rules of allowed-tools: any, a prefix as a whole word, wildcards, exact', () => {
    expect(allowed('touch X && echo touched', 'Bash')).toBe(true);
    expect(allowed('touch X', 'Read, Bash(*)')).toBe(true);
    expect(allowed('git add src/a.ts', 'Bash(git add:*), Bash(git commit:*)')).toBe(true);
    expect(allowed('git addition', 'Bash(git add:*)')).toBe(false);
    expect(allowed('git add a && rm -rf b', 'Bash(git add:*)')).toBe(false);
    expect(allowed('npm run build -- --watch', 'Bash(npm run *)')).toBe(true);
    expect(allowed('npm test', 'Bash(npm run *)')).toBe(false);
    expect(allowed('make check', 'Bash(make check)')).toBe(true);
    expect(allowed('make check-all', 'Bash(make check)')).toBe(false);
    expect(allowed('touch X', 'Read Grep')).toBe(false);
    expect(shellLinePermission('touch X', 'claude', ['Read', 'Bash(git:*)'])).toEqual({
      allowed: false,
      reason: '`touch X` needs permission: it is not read-only and no Bash rule of allowed-tools matches it',
    });
  });

  it('refuses Gemini CLI lines (it asks before each) and lets OpenCode lines run', () => {
    expect(allowed('echo hi', null, 'gemini')).toBe(false);
    expect(allowed('touch X', null, 'opencode')).toBe(true);
  });

  it('splits a line at its control operators, quotes kept whole', () => {
    expect(commandParts('a && b || c; d | e & f\ng \'x && y\' "p;q"')).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
      'g \'x && y\' "p;q"',
    ]);
  });

  it('reads allowed-tools as a list or a string of entries', () => {
    expect(allowedToolsOf('Bash(git add:*) Bash(git commit:*), Read')).toEqual([
      'Bash(git add:*)',
      'Bash(git commit:*)',
      'Read',
    ]);
    expect(allowedToolsOf(['Bash(npm run *)', 'Read'])).toEqual(['Bash(npm run *)', 'Read']);
    expect(allowedToolsOf('')).toBeNull();
    expect(allowedToolsOf(3)).toBeNull();
  });
});
