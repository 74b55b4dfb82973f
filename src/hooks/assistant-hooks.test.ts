import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../test/support/cli.js';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';
import type { ContextEvent } from '../session/capability.js';
import { createContextSession } from '../session/context-session.js';
import { fileTools } from '../tools/file-tools.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { hooks } from './hooks.js';

/** A script that records its stdin to `payloads.jsonl` and, for a path under secret/, refuses as `refusal` says. */
const guardScript = (
  refusal: 'exit-2' | 'gemini-json' | 'copilot-json',
) => `import { appendFileSync } from 'node:fs';
let text = '';
process.stdin.on('data', (chunk) => (text += chunk));
process.stdin.on('end', () => {
  appendFileSync(process.cwd() + '/payloads.jsonl', text + '\\n');
  const payload = JSON.parse(text);
  const input = payload.toolArgs === undefined ? payload.tool_input : JSON.parse(payload.toolArgs);
  const target = String(input.file_path ?? input.path ?? '');
  if (!target.includes('/secret/')) return;
  ${
    refusal === 'exit-2'
      ? "process.stderr.write('Reading secret/ is not allowed.'); process.exit(2);"
      : refusal === 'gemini-json'
        ? "process.stdout.write(JSON.stringify({ decision: 'deny', reason: 'Reading secret/ is not allowed.' }));"
        : "process.stdout.write(JSON.stringify({ permissionDecision: 'deny', permissionDecisionReason: 'Reading secret/ is not allowed.' }));"
  }
});
`;

/** Adds context after a read, in Gemini CLI's and Copilot CLI's words. */
const contextScript = `let text = '';
process.stdin.on('data', (chunk) => (text += chunk));
process.stdin.on('end', () => {
  process.stdout.write(JSON.stringify({ hookSpecificOutput: { additionalContext: 'Checked by the after-read hook.' }, additionalContext: 'Checked by the after-read hook.' }));
});
`;

async function repository(files: Record<string, string>): Promise<string> {
  const root = await useTemporaryDirectory('agent-context-assistant-hooks-');
  const all = {
    '.git/HEAD': 'ref: refs/heads/main\n',
    'secret/keys.txt': 'THE-SECRET-VALUE\n',
    'notes.md': 'line one\nline two\n',
    '.hooks/guard-exit.mjs': guardScript('exit-2'),
    '.hooks/guard-gemini.mjs': guardScript('gemini-json'),
    '.hooks/guard-copilot.mjs': guardScript('copilot-json'),
    '.hooks/context.mjs': contextScript,
    ...files,
  };
  for (const [path, text] of Object.entries(all)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}

async function readThroughHooks(root: string, path: string, transcriptPath?: string) {
  const session = createContextSession({
    workspace: localWorkspace(root),
    capabilities: [
      fileTools(),
      hooks({ run: true, ...(transcriptPath === undefined ? {} : { transcriptPath }) }),
    ],
  });
  const events: ContextEvent[] = [];
  session.on((event) => events.push(event));
  const run = await session.startRun();
  const result = await run.executeTool({ id: 'call-1', toolName: 'read_file', input: { path } });
  const hidden = session
    .placeHiddenMessages([{ id: 'call-1' }], (message) => message.id)
    .filter((message) => 'hidden' in message)
    .map((message) => (message as { text: string }).text);
  return { result, events, hidden };
}

async function payloads(root: string): Promise<Array<Record<string, unknown>>> {
  const text = await readFile(join(root, 'payloads.jsonl'), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

const geminiSettings = (guard: string) =>
  JSON.stringify({
    hooks: {
      BeforeTool: [
        {
          matcher: 'read_file',
          hooks: [{ type: 'command', command: `node .hooks/${guard}`, timeout: 5000 }],
        },
      ],
      AfterTool: [{ matcher: 'read_file', hooks: [{ type: 'command', command: 'node .hooks/context.mjs' }] }],
    },
  });

describe("every assistant's hooks, by its own protocol", () => {
  it('Gemini CLI: a BeforeTool hook that exits 2 blocks the read; its reason, never the file, reaches the model', async () => {
    const root = await repository({ '.gemini/settings.json': geminiSettings('guard-exit.mjs') });
    const blocked = await readThroughHooks(root, 'secret/keys.txt');
    expect(blocked.result).toMatchObject({ isError: true, output: 'Reading secret/ is not allowed.' });
    expect(JSON.stringify(blocked.result)).not.toContain('THE-SECRET-VALUE');
    const [before] = await payloads(root);
    expect(before).toMatchObject({
      hook_event_name: 'BeforeTool',
      tool_name: 'read_file',
      tool_input: { file_path: join(root, 'secret/keys.txt') },
      cwd: root,
    });
    expect(before).not.toHaveProperty('tool_input.path');
    expect(typeof before?.timestamp).toBe('string');
    // A read it allows goes through, and the AfterTool context follows the result.
    const allowed = await readThroughHooks(root, 'notes.md');
    expect(allowed.result).toMatchObject({ isError: false, output: 'line one\nline two\n' });
    expect(allowed.hidden).toEqual([
      '<hook-output event="AfterTool" source=".gemini/settings.json">\nChecked by the after-read hook.\n</hook-output>',
    ]);
  });

  it('Gemini CLI: a JSON decision "deny" blocks too, and its timeout is read in milliseconds', async () => {
    const root = await repository({ '.gemini/settings.json': geminiSettings('guard-gemini.mjs') });
    const blocked = await readThroughHooks(root, 'secret/keys.txt');
    expect(blocked.result).toMatchObject({ isError: true, output: 'Reading secret/ is not allowed.' });
    const { findHooks } = await import('./find-hooks.js');
    const found = await findHooks(localWorkspace(root));
    expect(found.items.map((hook) => [hook.event, hook.runsAs, hook.timeoutSeconds])).toEqual([
      ['BeforeTool', 'PreToolUse', 5],
      ['AfterTool', 'PostToolUse', 60],
    ]);
  });

  it('Copilot CLI: a preToolUse hook that denies blocks the read; it gets toolName and toolArgs as a JSON string', async () => {
    const root = await repository({
      '.github/hooks/guard.json': JSON.stringify({
        version: 1,
        hooks: {
          preToolUse: [{ type: 'command', bash: 'node .hooks/guard-copilot.mjs', timeoutSec: 10 }],
          postToolUse: [{ type: 'command', bash: 'node .hooks/context.mjs' }],
        },
      }),
    });
    const blocked = await readThroughHooks(root, 'secret/keys.txt');
    expect(blocked.result).toMatchObject({ isError: true, output: 'Reading secret/ is not allowed.' });
    expect(JSON.stringify(blocked.result)).not.toContain('THE-SECRET-VALUE');
    const [before] = await payloads(root);
    expect(before).toMatchObject({ toolName: 'view', cwd: root });
    expect(JSON.parse(String(before?.toolArgs))).toEqual({ path: join(root, 'secret/keys.txt') });
    const allowed = await readThroughHooks(root, 'notes.md');
    expect(allowed.result.isError).toBe(false);
    expect(allowed.hidden).toEqual([
      '<hook-output event="postToolUse" source=".github/hooks/guard.json">\nChecked by the after-read hook.\n</hook-output>',
    ]);
  });

  it("Claude Code: a PostToolUse hook gets Read's result as Claude Code gives it (tool_response.file.content)", async () => {
    const root = await repository({
      '.claude/settings.json': JSON.stringify({
        hooks: {
          PreToolUse: [
            { matcher: 'Read', hooks: [{ type: 'command', command: 'node .hooks/guard-exit.mjs' }] },
          ],
          PostToolUse: [
            { matcher: 'Read', hooks: [{ type: 'command', command: 'node .hooks/guard-exit.mjs' }] },
          ],
        },
      }),
    });
    const blocked = await readThroughHooks(root, 'secret/keys.txt');
    expect(blocked.result).toMatchObject({ isError: true, output: 'Reading secret/ is not allowed.' });
    expect((await payloads(root))[0]).not.toHaveProperty('transcript_path');
    await readThroughHooks(root, 'notes.md', join(root, 'transcript.jsonl'));
    const recorded = await payloads(root);
    const after = recorded.find((payload) => payload.hook_event_name === 'PostToolUse');
    expect(after).toMatchObject({
      transcript_path: join(root, 'transcript.jsonl'),
      tool_name: 'Read',
      tool_input: { file_path: join(root, 'notes.md') },
      tool_response: {
        type: 'text',
        file: {
          filePath: join(root, 'notes.md'),
          content: 'line one\nline two\n',
          numLines: 2,
          startLine: 1,
          totalLines: 2,
        },
      },
    });
    expect(after).not.toHaveProperty('tool_input.path');
  });

  it('agent-context hooks lists the Gemini CLI and Copilot CLI hooks it runs, never "No hooks found" beside them', async () => {
    const root = await repository({
      '.gemini/settings.json': geminiSettings('guard-exit.mjs'),
      '.github/hooks/guard.json': JSON.stringify({
        version: 1,
        hooks: { preToolUse: [{ type: 'command', bash: 'node .hooks/guard-copilot.mjs' }] },
      }),
    });
    const listed = await runCliInProcess(root, ['hooks']);
    expect(listed.stdout).not.toContain('No hooks found');
    expect(listed.stdout).toContain('BeforeTool');
    expect(listed.stdout).toContain('.gemini/settings.json');
    expect(listed.stdout).toContain('preToolUse');
  });
});
