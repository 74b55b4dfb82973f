import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';
import type { ContextEvent, Run } from '../session/capability.js';
import { createContextSession } from '../session/context-session.js';
import { fileTools } from '../tools/file-tools.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { filesystemContext } from './filesystem-context.js';

/** A distinct 100,000-character result: numbered lines with a surrogate pair in each. */
function bigResult(call: number): string {
  const lines: string[] = [];
  let length = 0;
  for (let line = 1; length < 100_000; line += 1) {
    const text = `call ${call} line ${line} 😀 ${'x'.repeat(line % 50)}\n`;
    lines.push(text);
    length += text.length;
  }
  return lines.join('').slice(0, 100_000);
}

/** Read a whole file back page by page with the run's read_file tool, as a model would. */
async function readBack(run: Run, path: string): Promise<{ text: string; outputs: unknown[] }> {
  const pages: string[] = [];
  const outputs: unknown[] = [];
  for (let offset = 1; ; ) {
    const result = await run.executeTool({
      id: `read-${path}-${offset}`,
      toolName: 'read_file',
      input: { path, offset },
    });
    expect(result.isError).toBe(false);
    const output = String(result.output);
    outputs.push(result.output);
    const header = /^\[read_file: lines (\d+)-(\d+) of (\d+) of [^\n]*\]\n/.exec(output);
    if (!header) {
      pages.push(output);
      break;
    }
    pages.push(output.slice(header[0].length));
    if (header[2] === header[3]) break;
    offset = Number(header[2]) + 1;
  }
  return { text: pages.join(''), outputs };
}

describe('filesystemContext in a scripted run', () => {
  it('keeps 30 results of 100,000 characters out of the transcript and every byte in its file', async () => {
    const root = await useTemporaryDirectory();
    const workspace = localWorkspace(root);
    const capabilities = [fileTools(), filesystemContext({ offload: true })];
    const session = createContextSession({ workspace, capabilities });
    const events: ContextEvent[] = [];
    session.on((event) => events.push(event));
    const run = await session.startRun();

    const transcript: unknown[] = [{ role: 'user', content: 'Run the 30 commands and summarise.' }];
    const files: string[] = [];
    for (let call = 1; call <= 30; call += 1) {
      const toolCall = { id: `call_${call}`, toolName: 'bash', input: { command: `make step-${call}` } };
      transcript.push({ role: 'assistant', toolCalls: [toolCall] });
      const result = await run.executeTool(toolCall, () => bigResult(call));
      transcript.push({ role: 'tool', toolCallId: toolCall.id, output: result.output });
      files.push(`.context/bash-call_${call}.txt`);
    }

    expect(JSON.stringify(transcript).length).toBeLessThan(60_000);
    expect(events.filter((event) => event.type === 'offloaded').map((event) => event.path)).toEqual(files);
    for (const [index, file] of files.entries()) {
      const { text, outputs } = await readBack(run, file);
      expect(text).toBe(bigResult(index + 1));
      expect(outputs.every((output) => !String(output).includes('saved whole to'))).toBe(true);
    }
    expect(events.filter((event) => event.type === 'offloaded')).toHaveLength(30);
  });

  it('reads the omitted part with the read_file call the preview names', async () => {
    const root = await useTemporaryDirectory();
    const session = createContextSession({
      workspace: localWorkspace(root),
      capabilities: [fileTools(), filesystemContext({ offload: true })],
    });
    const run = await session.startRun();
    const text = Array.from({ length: 3_000 }, (_, index) => `row ${String(index).padStart(10, '0')}\n`).join(
      '',
    );
    const preview = String(
      (await run.executeTool({ id: 'c1', toolName: 'bash', input: {} }, () => text)).output,
    );
    const [, path = '', offset = '', limit = ''] = /path "([^"]+)", offset (\d+) and limit (\d+)/.exec(
      preview,
    )!;
    const read = await run.executeTool({
      id: 'c2',
      toolName: 'read_file',
      input: { path, offset: Number(offset), limit: Number(limit) },
    });
    const body = String(read.output).replace(/^\[read_file: [^\n]*\]\n/, '');
    const headLength = Number(/the first (\d+) and/.exec(preview)![1]);
    const tailLength = Number(/the last (\d+) characters/.exec(preview)![1]);
    expect(body).toBe(text.slice(headLength, text.length - tailLength));
  });

  it('gives the session two instruction blocks, the included files and then the listing', async () => {
    const root = await useTemporaryDirectory();
    await writeFile(join(root, 'AGENTS.md'), 'Use pnpm.\n');
    const session = createContextSession({
      workspace: localWorkspace(root),
      capabilities: [filesystemContext({ include: ['AGENTS.md'], listing: true })],
    });
    const run = await session.startRun();
    expect(run.instructionBlocks).toEqual([
      {
        capability: 'filesystem-context',
        text: '<context-file path="AGENTS.md">\nUse pnpm.\n</context-file>',
      },
      { capability: 'filesystem-context', text: '<listing directory=".">\nAGENTS.md\n</listing>' },
    ]);
    expect(session.loadedFiles().map((file) => [file.path, file.reason])).toEqual([
      ['AGENTS.md', 'include'],
      ['.', 'listing'],
    ]);
  });
});
