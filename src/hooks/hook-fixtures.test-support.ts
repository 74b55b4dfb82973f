import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Hook scripts a test repository can use (node scripts, so no `jq` is needed). Each reads the JSON
 * payload from stdin.
 */
export const hookScripts: Record<string, string> = {
  // Exit 2 with a reason on stderr for writes into migrations/.
  'guard-migrations.mjs': `let text = '';
process.stdin.on('data', (chunk) => (text += chunk));
process.stdin.on('end', () => {
  const payload = JSON.parse(text);
  if (String(payload.tool_input.file_path).includes('/migrations/')) {
    process.stderr.write('Writes to migrations/ are refused: add a new migration with npm run migration:new.');
    process.exit(2);
  }
});
`,
  // The JSON form of a refusal.
  'deny-secrets.mjs': `let text = '';
process.stdin.on('data', (chunk) => (text += chunk));
process.stdin.on('end', () => {
  const payload = JSON.parse(text);
  if (String(payload.tool_input.file_path).endsWith('.env'))
    process.stdout.write(JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'No .env files.' } }));
});
`,
  // A formatter: rewrites the written file (trailing spaces out, tabs to two spaces) and says so.
  'format.mjs': `import { readFileSync, writeFileSync } from 'node:fs';
let text = '';
process.stdin.on('data', (chunk) => (text += chunk));
process.stdin.on('end', () => {
  const payload = JSON.parse(text);
  const file = payload.tool_input.file_path;
  const before = readFileSync(file, 'utf8');
  const after = before.replace(/\\t/g, '  ').replace(/ +$/gm, '');
  writeFileSync(file, after);
  process.stdout.write(JSON.stringify({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'Formatted ' + payload.tool_name + ' output: ' + file.split('/').pop() } }));
});
`,
  // Records its payload, so a test can read what the hook got.
  'record.mjs': `import { appendFileSync } from 'node:fs';
let text = '';
process.stdin.on('data', (chunk) => (text += chunk));
process.stdin.on('end', () => appendFileSync(process.env.CLAUDE_PROJECT_DIR + '/hook-payloads.jsonl', text + '\\n'));
`,
};

/** Write `.claude/settings.json` with `hooks`, and every script of {@link hookScripts} under `.claude/hooks/`. */
export async function writeHookRepository(
  root: string,
  hooks: Record<string, unknown>,
  extraFiles: Record<string, string> = {},
): Promise<void> {
  const files: Record<string, string> = {
    '.claude/settings.json': JSON.stringify({ hooks }, null, 2),
    ...Object.fromEntries(Object.entries(hookScripts).map(([name, text]) => [`.claude/hooks/${name}`, text])),
    ...extraFiles,
  };
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
}

/** A command group of one hook, as Claude Code writes it. */
export function commandGroup(command: string, matcher?: string, timeout?: number): Record<string, unknown> {
  return {
    ...(matcher === undefined ? {} : { matcher }),
    hooks: [{ type: 'command', command, ...(timeout === undefined ? {} : { timeout }) }],
  };
}
