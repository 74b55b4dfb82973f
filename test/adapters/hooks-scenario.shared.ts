import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { commandGroup, writeHookRepository } from '../../src/hooks/hook-fixtures.test-support.js';
import { hooks } from '../../src/hooks/hooks.js';
import { createContextSession } from '../../src/session/context-session.js';
import { fileTools } from '../../src/tools/file-tools.js';
import { localWorkspace } from '../../src/workspace/local-workspace.js';
import { createAdapterRepository } from './adapter-repository.js';

/**
 * The hooks every adapter is tried with, on real processes: a SessionStart hook printing the branch
 * context, a PreToolUse guard refusing writes into migrations/ (exit 2), and a PostToolUse formatter
 * that rewrites the written file and says so in `additionalContext`.
 */
export async function createHookRepository(prefix: string): Promise<string> {
  const root = await createAdapterRepository(prefix);
  await writeHookRepository(root, {
    SessionStart: [commandGroup('echo "Branch context: feature/login"')],
    PreToolUse: [commandGroup('node .claude/hooks/guard-migrations.mjs', 'Edit|Write')],
    PostToolUse: [commandGroup('node "$CLAUDE_PROJECT_DIR/.claude/hooks/format.mjs"', 'Write|Edit')],
  });
  return root;
}

/** A session with the contained file tools (writes allowed) and the repository's hooks turned on. */
export function createHookSession(root: string) {
  return createContextSession({
    workspace: localWorkspace(root),
    capabilities: [fileTools({ write: true }), hooks({ run: true })],
  });
}

/** The model's two tool calls: a write the guard refuses, then one the formatter rewrites. */
export const hookScenarioCalls = [
  { id: 'call_1', name: 'write_file', input: { path: 'migrations/001.sql', content: 'drop table users;' } },
  { id: 'call_2', name: 'write_file', input: { path: 'src/a.ts', content: 'if (x) {\n\treturn 1;   \n}\n' } },
] as const;

export const guardText = 'Writes to migrations/ are refused: add a new migration with npm run migration:new.';
export const formatterMessage =
  '<hook-output event="PostToolUse" source=".claude/settings.json">\nFormatted Write output: a.ts\n</hook-output>';
export const sessionStartMessage =
  '<hook-output event="SessionStart" source=".claude/settings.json">\nBranch context: feature/login\n</hook-output>';

/**
 * What every adapter must show: `lines` is the last model call's messages, one line each (the
 * adapter's own outline), in order. The guard's stderr is call_1's result and nothing was written;
 * the formatter's context is the message right after call_2's result, and the file is formatted;
 * the SessionStart context is a message of its own before the first tool call.
 */
export async function expectHookScenario(
  root: string,
  lines: readonly string[],
  isResultOf: (line: string, callId: string) => boolean,
): Promise<void> {
  const first = lines.findIndex((line) => isResultOf(line, 'call_1'));
  expect(first).toBeGreaterThan(-1);
  expect(lines[first]).toContain(guardText);
  expect(await stat(join(root, 'migrations/001.sql')).catch(() => undefined)).toBeUndefined();

  const second = lines.findIndex((line) => isResultOf(line, 'call_2'));
  expect(second).toBeGreaterThan(first);
  expect(lines[second + 1]).toContain(formatterMessage);
  expect(lines.filter((line) => line.includes('Formatted Write output'))).toHaveLength(1);
  expect(await readFile(join(root, 'src/a.ts'), 'utf8')).toBe('if (x) {\n  return 1;\n}\n');

  const start = lines.findIndex((line) => line.includes(sessionStartMessage));
  expect(start).toBeGreaterThan(-1);
  expect(start).toBeLessThan(first);
  expect(lines.filter((line) => line.includes('Branch context'))).toHaveLength(1);
}
