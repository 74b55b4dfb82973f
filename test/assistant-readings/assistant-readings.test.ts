import fs from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import { localWorkspace } from '../../src/index.js';
import { instructionsForPath } from '../../src/inspect.js';
import type { AssistantName } from '../../src/tool-vocabulary/assistant.js';
import { createTemporaryTree, type TemporaryTree } from '../support/temporary-tree.js';
import { fileOfMarker, fixtureFiles, markersIn, readingFixtures, readTarget } from './reading-fixtures.js';
import { isOffered, type RecordedReading, type RecordedReadings } from './record-assistant-readings.js';

/**
 * agent-context's `--as` answers held to what the assistants themselves sent their model
 * (`recorded-readings.json`, written by `npm run record:readings`): for every fixture and assistant,
 * the instruction files at the start of a session, in order (`path#end` marks where an importing
 * file's text ends, so an import's layout counts too), the files a read of the target delivers, in
 * order, and the skills offered.
 */
const table = JSON.parse(
  fs.readFileSync(new URL('./recorded-readings.json', import.meta.url), 'utf8'),
) as RecordedReadings;

/**
 * Where agent-context knowingly differs from a recorded assistant, and why: what agent-context
 * delivers on the read instead. The test fails when a listed difference disappears (the entry must
 * go) or another appears.
 */
const knownDifferences: Record<string, { read?: string[]; skills?: string[]; why: string }> = {
  'working-directory-below-root as copilot-cli': {
    read: [],
    why: 'Copilot CLI delivers the nested AGENTS.md of a file outside its working directory; agent-context delivers nothing outside the working directory on touch (its containment)',
  },
};

const trees: TemporaryTree[] = [];
afterAll(async () => {
  await Promise.all(trees.map((tree) => tree.remove()));
});

async function answerOf(fixtureName: string, assistant: AssistantName): Promise<RecordedReading> {
  const fixture = readingFixtures.find((candidate) => candidate.name === fixtureName);
  if (fixture === undefined) throw new Error(`no fixture ${fixtureName}`);
  const tree = await createTemporaryTree(fixtureFiles(fixture), { directories: ['.git'] });
  trees.push(tree);
  const workingDirectory = fixture.workingDirectory ?? '.';
  const workspace = localWorkspace(tree.root, { cwd: tree.at(workingDirectory) });
  // A target outside the working directory delivers nothing on touch (the library's containment):
  // the start is then asked for with a path inside it.
  const inside = workingDirectory === '.' || readTarget.startsWith(`${workingDirectory}/`);
  const touched = inside ? readTarget : `${workingDirectory}/src/page.ts`;
  const answer = await instructionsForPath({ workspace, path: tree.at(touched), assistant });
  const isSkill = isOffered;
  const startMarkers = markersIn(answer.instructions);
  const known = new Set(startMarkers);
  const delivered = markersIn(answer.delivered.join('\n')).filter((marker) => !known.has(marker));
  return {
    start: startMarkers.map(fileOfMarker).filter((file) => !isSkill(file)),
    read: inside ? delivered.map(fileOfMarker) : [],
    skills: startMarkers.map(fileOfMarker).filter(isSkill).sort(),
  };
}

describe('--as reads each fixture as the assistant did on the wire', () => {
  const cells = Object.entries(table.readings).flatMap(([fixture, row]) =>
    Object.entries(row).map(([assistant, reading]) => ({ fixture, assistant, reading })),
  );

  test('the table covers every fixture and the six assistants', () => {
    expect(Object.keys(table.readings)).toEqual(readingFixtures.map((fixture) => fixture.name));
    expect(Object.keys(table.clients)).toEqual([
      'claude-code',
      'codex',
      'gemini-cli',
      'copilot-cli',
      'opencode',
      'qwen-code',
    ]);
    expect(cells).toHaveLength(readingFixtures.length * 6);
  });

  test.each(cells)('$fixture as $assistant', async ({ fixture, assistant, reading }) => {
    const ours = await answerOf(fixture, assistant as AssistantName);
    const known = knownDifferences[`${fixture} as ${assistant}`];
    expect(ours.start).toEqual(reading.start);
    if (known?.skills !== undefined) {
      expect(reading.skills).not.toEqual(known.skills);
      expect(ours.skills).toEqual(known.skills);
    } else {
      expect(ours.skills).toEqual(reading.skills);
    }
    // `null`: the assistant never read the target (it refused a path outside its workspace).
    if (reading.read === null) return;
    if (known?.read !== undefined) {
      expect(reading.read).not.toEqual(known.read);
      expect(ours.read).toEqual(known.read);
      return;
    }
    expect(ours.read).toEqual(reading.read);
  });
});
