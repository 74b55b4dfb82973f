import fs from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import { hooks } from '../../src/hooks/hooks.js';
import { createContextSession, fileTools, localWorkspace } from '../../src/index.js';
import type { AssistantName } from '../../src/tool-vocabulary/assistant.js';
import { createTemporaryTree, type TemporaryTree } from '../support/temporary-tree.js';
import { fileOfMarker, fixtureFiles, hookFixtures, markersIn, readTarget } from './reading-fixtures.js';
import type { RecordedHookOutcome, RecordedHooks } from './record-assistant-readings.js';

/**
 * `hooks({ assistant })` held to what the assistants did with the same hook files
 * (`recorded-hooks.json`, written by `RECORD_SET=hooks npm run record:readings`): which format's
 * hook refused the read, with its reason reaching the model, and whether the file still did.
 */
const table = JSON.parse(
  fs.readFileSync(new URL('./recorded-hooks.json', import.meta.url), 'utf8'),
) as RecordedHooks;

/**
 * Codex was recorded without trusting the repository's hooks, so it ran none: `run: false` is that
 * state here. With the host's trust (`run: true`) its hook blocks, as Codex's does once trusted.
 */
const untrusted = new Set(['codex']);

const trees: TemporaryTree[] = [];
afterAll(async () => {
  await Promise.all(trees.map((tree) => tree.remove()));
});

async function outcomeOf(
  fixtureName: string,
  assistant: AssistantName,
  run: boolean,
): Promise<RecordedHookOutcome> {
  const fixture = hookFixtures.find((candidate) => candidate.name === fixtureName);
  if (fixture === undefined) throw new Error(`no fixture ${fixtureName}`);
  const tree = await createTemporaryTree(fixtureFiles(fixture), { directories: ['.git'] });
  trees.push(tree);
  const session = createContextSession({
    workspace: localWorkspace(tree.root),
    capabilities: [fileTools(), hooks({ run, assistant })],
  });
  const started = await session.startRun();
  const result = await started.executeTool({
    id: 'call-1',
    toolName: 'read_file',
    input: { path: readTarget },
  });
  const output = String(result.output);
  return {
    blockedBy: markersIn(output)
      .map(fileOfMarker)
      .filter((file) => file.startsWith('reason-')),
    targetReached: output.includes("export const routes = ['/products', '/orders'];"),
  };
}

describe('hooks({ assistant }) does with each fixture what the assistant did', () => {
  const cells = Object.entries(table.readings).flatMap(([fixture, row]) =>
    Object.entries(row).map(([assistant, outcome]) => ({ fixture, assistant, outcome })),
  );

  test('the table covers the hook fixtures and the six assistants', () => {
    expect(Object.keys(table.readings)).toEqual(hookFixtures.map((fixture) => fixture.name));
    expect(cells).toHaveLength(hookFixtures.length * 6);
  });

  test.each(cells)('$fixture as $assistant', async ({ fixture, assistant, outcome }) => {
    const recordedUntrusted = untrusted.has(assistant);
    expect(await outcomeOf(fixture, assistant as AssistantName, !recordedUntrusted)).toEqual(outcome);
    if (recordedUntrusted) {
      const trusted = await outcomeOf(fixture, assistant as AssistantName, true);
      expect(trusted).toEqual({ blockedBy: [`reason-${assistant}`], targetReached: false });
    }
  });
});
