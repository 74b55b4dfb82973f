import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'vitest';
import { assistantClients } from './assistant-clients.js';
import { commandFixtures, hookFixtures, readingFixtures } from './reading-fixtures.js';
import {
  defaultClientsDirectory,
  installClients,
  recordAssistantCommands,
  recordAssistantHooks,
  recordAssistantReadings,
  recordedCommandsFile,
  recordedHooksFile,
  recordedReadingsFile,
} from './record-assistant-readings.js';

/**
 * Records what each pinned assistant CLI sends its model on each fixture and writes
 * `recorded-readings.json`. Not part of `npm test` (it installs the CLIs from the registry and runs
 * each of them); run it with `npm run record:readings`. `RECORD_ONLY=claude-code,codex` and
 * `RECORD_FIXTURES=imports` narrow a run; a narrowed run updates only its cells. `RECORD_SET=hooks`
 * and `RECORD_SET=commands` record the hook and command fixtures into `recorded-hooks.json` and
 * `recorded-commands.json` instead.
 */
test('record the assistants reading the fixtures', { timeout: 3 * 60 * 60 * 1000 }, async () => {
  const clientsDirectory = process.env.ASSISTANT_CLIS_DIRECTORY ?? defaultClientsDirectory;
  await installClients(clientsDirectory);
  const only = process.env.RECORD_ONLY?.split(',');
  const onlyFixtures = process.env.RECORD_FIXTURES?.split(',');
  const workDirectory = await fs.mkdtemp(path.join(os.tmpdir(), 'agent-context-readings-'));
  try {
    const set = process.env.RECORD_SET ?? 'readings';
    const sets = {
      readings: { record: recordAssistantReadings, fixtures: readingFixtures, file: recordedReadingsFile },
      hooks: { record: recordAssistantHooks, fixtures: hookFixtures, file: recordedHooksFile },
      commands: { record: recordAssistantCommands, fixtures: commandFixtures, file: recordedCommandsFile },
    } as const;
    if (!(set in sets)) throw new Error(`RECORD_SET must be one of ${Object.keys(sets).join(', ')}`);
    const chosen = sets[set as keyof typeof sets];
    const record = chosen.record as typeof recordAssistantReadings;
    const table = await record({
      clientsDirectory,
      workDirectory,
      clients: assistantClients.filter((client) => only === undefined || only.includes(client.assistant)),
      fixtures: chosen.fixtures.filter(
        (fixture) => onlyFixtures === undefined || onlyFixtures.includes(fixture.name),
      ),
      log: (line) => process.stdout.write(`${line}\n`),
    });
    const { file } = chosen;
    const previous = await fs
      .readFile(file, 'utf8')
      .then((text) => JSON.parse(text) as typeof table)
      .catch(() => undefined);
    const merged =
      previous === undefined ? table : { ...previous, clients: { ...previous.clients, ...table.clients } };
    for (const [fixture, row] of Object.entries(table.readings)) {
      merged.readings[fixture] = { ...(merged.readings[fixture] ?? {}), ...row };
    }
    await fs.writeFile(file, `${JSON.stringify(merged, null, 2)}\n`);
  } finally {
    await fs.rm(workDirectory, { recursive: true, force: true });
  }
});
