import fs from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { CommandFormatName } from '../../src/commands/command.js';
import { commands } from '../../src/commands/commands.js';
import { createContextSession, isAgentContextError, localWorkspace } from '../../src/index.js';
import { createTemporaryTree, type TemporaryTree } from '../support/temporary-tree.js';
import { commandFixtures, fileOfMarker, fixtureFiles, markersIn } from './reading-fixtures.js';
import type { RecordedCommandOutcome, RecordedCommands } from './record-assistant-readings.js';

/**
 * `commands({ run: true })` held to what the assistants did when the user typed a command whose
 * shell line writes a file, and one whose line only prints (`recorded-commands.json`, written by
 * `RECORD_SET=commands npm run record:readings`): refused before any model call, or sent with the
 * line's output. Each assistant is given the command formats it reads; the others pass `/name` on
 * as text, as those assistants did.
 */
const table = JSON.parse(
  fs.readFileSync(new URL('./recorded-commands.json', import.meta.url), 'utf8'),
) as RecordedCommands;

const formatsOf: Record<string, CommandFormatName[]> = {
  'claude-code': ['claude'],
  'gemini-cli': ['gemini'],
  codex: [],
  'copilot-cli': [],
  opencode: [],
  'qwen-code': [],
};

const trees: TemporaryTree[] = [];
afterAll(async () => {
  await Promise.all(trees.map((tree) => tree.remove()));
});

async function outcomeOf(fixtureName: string, assistant: string): Promise<RecordedCommandOutcome> {
  const fixture = commandFixtures.find((candidate) => candidate.name === fixtureName);
  if (fixture === undefined) throw new Error(`no fixture ${fixtureName}`);
  const tree = await createTemporaryTree(fixtureFiles(fixture), { directories: ['.git'] });
  trees.push(tree);
  const session = createContextSession({
    workspace: localWorkspace(tree.root),
    capabilities: [commands({ run: true, skills: false, formats: formatsOf[assistant] ?? [] })],
  });
  let sent: string | undefined;
  try {
    sent = (await session.expandCommand(fixture.prompt ?? '')).text;
  } catch (error) {
    if (!isAgentContextError(error) || error.code !== 'command-refused') throw error;
  }
  session.dispose();
  return {
    modelCalled: sent !== undefined,
    wroteFile: await access(path.join(tree.root, 'written.txt')).then(
      () => true,
      () => false,
    ),
    shellOutput: markersIn(sent ?? '')
      .map(fileOfMarker)
      .filter((file) => file === 'shell-echo-42' || file === 'shell-touch-42'),
  };
}

describe('commands({ run: true }) does with each typed command what the assistant did', () => {
  const cells = Object.entries(table.readings).flatMap(([fixture, row]) =>
    Object.entries(row).map(([assistant, outcome]) => ({ fixture, assistant, outcome })),
  );

  test('the table covers the command fixtures and the six assistants', () => {
    expect(Object.keys(table.readings)).toEqual(commandFixtures.map((fixture) => fixture.name));
    expect(cells).toHaveLength(commandFixtures.length * 6);
  });

  test.each(cells)('$fixture as $assistant', async ({ fixture, assistant, outcome }) => {
    expect(await outcomeOf(fixture, assistant)).toEqual(outcome);
  });
});
