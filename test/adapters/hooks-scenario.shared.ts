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
  await writeHookRepository(
    root,
    {
      SessionStart: [commandGroup('echo "Branch context: feature/login"')],
      PreToolUse: [
        commandGroup('node .claude/hooks/guard-migrations.mjs', 'Edit|Write'),
        commandGroup('node .hooks/deny-secret.mjs claude', 'Read'),
      ],
      PostToolUse: [commandGroup('node "$CLAUDE_PROJECT_DIR/.claude/hooks/format.mjs"', 'Write|Edit')],
    },
    {
      '.hooks/deny-secret.mjs': denySecretScript,
      '.codex/hooks.json': JSON.stringify({
        hooks: { PreToolUse: [commandGroup('node .hooks/deny-secret.mjs codex', 'Read')] },
      }),
      '.gemini/settings.json': JSON.stringify({
        hooks: { BeforeTool: [commandGroup('node .hooks/deny-secret.mjs gemini', 'read_file')] },
      }),
      '.github/hooks/secrets.json': JSON.stringify({
        version: 1,
        hooks: { preToolUse: [{ type: 'command', bash: 'node .hooks/deny-secret.mjs copilot' }] },
      }),
      ...Object.fromEntries(
        secretFormats.map((format) => [`secret/${format}.txt`, `SECRET-${format}-VALUE\n`]),
      ),
    },
  );
  return root;
}

/** The four hook formats that can block a read, each guarding its own file under secret/. */
const secretFormats = ['claude', 'codex', 'gemini', 'copilot'] as const;

/** The reason each format's guard gives. */
const secretReason = (format: string) => `Reading secret/${format}.txt is refused by the ${format} hook.`;

/**
 * A guard every format runs (`node .hooks/deny-secret.mjs FORMAT`): it reads its own assistant's
 * payload and refuses a read of secret/FORMAT.txt in that assistant's way (exit 2 for Claude Code and
 * Codex, a JSON `deny` for Gemini CLI and Copilot CLI).
 */
const denySecretScript = `let text = '';
const format = process.argv[2];
process.stdin.on('data', (chunk) => (text += chunk));
process.stdin.on('end', () => {
  const payload = JSON.parse(text);
  const input = format === 'copilot' ? JSON.parse(payload.toolArgs ?? '{}') : payload.tool_input ?? {};
  const target = String(input.file_path ?? input.path ?? '');
  if (!target.endsWith('/secret/' + format + '.txt')) return;
  const reason = ${JSON.stringify(secretReason('FORMAT'))}.replace('FORMAT', format).replace('FORMAT', format);
  if (format === 'gemini') process.stdout.write(JSON.stringify({ decision: 'deny', reason }));
  else if (format === 'copilot') process.stdout.write(JSON.stringify({ permissionDecision: 'deny', permissionDecisionReason: reason }));
  else { process.stderr.write(reason); process.exit(2); }
});
`;

/** A session with the contained file tools (writes allowed) and the repository's hooks turned on. */
export function createHookSession(root: string) {
  return createContextSession({
    workspace: localWorkspace(root),
    capabilities: [fileTools({ write: true }), hooks({ run: true })],
  });
}

/**
 * The model's tool calls: a write the guard refuses, one the formatter rewrites, then a read of each
 * format's secret file, which that format's hook refuses. The last model call is the one after them all.
 */
export const hookScenarioCalls = [
  { id: 'call_1', name: 'write_file', input: { path: 'migrations/001.sql', content: 'drop table users;' } },
  { id: 'call_2', name: 'write_file', input: { path: 'src/a.ts', content: 'if (x) {\n\treturn 1;   \n}\n' } },
  ...secretFormats.map((format, index) => ({
    id: `call_${index + 3}`,
    name: 'read_file',
    input: { path: `secret/${format}.txt` },
  })),
] as const;

export const guardText = 'Writes to migrations/ are refused: add a new migration with npm run migration:new.';
export const formatterMessage =
  '<hook-output event="PostToolUse" source=".claude/settings.json">\nFormatted Write output: a.ts\n</hook-output>';
export const sessionStartMessage =
  '<hook-output event="SessionStart" source=".claude/settings.json">\nBranch context: feature/login\n</hook-output>';

/**
 * What every adapter must show: `lines` is the last model call's messages, one line each (the
 * adapter's own outline), in order. Each hook format's refusal is its read's result, and no secret
 * file's text is anywhere in the request. The guard's stderr is call_1's result and nothing was written;
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

  // Each format's hook blocked its read: the reason reached the model, the file never did.
  for (const [index, format] of secretFormats.entries()) {
    const result = lines.findIndex((line) => isResultOf(line, `call_${index + 3}`));
    expect(result).toBeGreaterThan(second);
    expect(lines[result]).toContain(secretReason(format));
  }
  expect(lines.filter((line) => line.includes('SECRET-'))).toEqual([]);

  const start = lines.findIndex((line) => line.includes(sessionStartMessage));
  expect(start).toBeGreaterThan(-1);
  expect(start).toBeLessThan(first);
  expect(lines.filter((line) => line.includes('Branch context'))).toHaveLength(1);
}
