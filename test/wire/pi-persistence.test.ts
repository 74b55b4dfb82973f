import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '../support/temporary-directory.js';
import { cacheOrderOf } from './cache-order.js';
import {
  createSessionRepository,
  nestedHeadings,
  sessionPrompts,
  sessionRequests,
  sessionTurn,
} from './coding-session.js';
import { firstDifference, runWorker } from './run-worker.js';
import { type RecordedRequest, startScriptedProviderServer } from './scripted-provider-server.js';

/**
 * The coding session through pi, its session kept in a file: every prompt in one pi process, or
 * (`processPerPrompt`) each prompt in a new process that continues the newest session file, as
 * `pi --continue` does.
 */
async function recordPi(processPerPrompt: boolean): Promise<RecordedRequest[]> {
  const root = await createSessionRepository();
  const home = await useTemporaryDirectory('agent-context-pi-home-');
  const server = await startScriptedProviderServer({ script: (request) => sessionTurn(request.index) });
  const task = {
    baseURL: server.baseURL,
    root,
    agentDirectory: path.join(home, 'agent'),
    sessionDirectory: path.join(home, 'sessions'),
  };
  try {
    if (processPerPrompt) {
      for (const [index, prompt] of sessionPrompts.entries()) {
        await runWorker('pi-turn.mjs', { ...task, prompt, first: index === 0 });
      }
    } else {
      await runWorker('pi-turn.mjs', { ...task, prompts: sessionPrompts, first: true });
    }
  } finally {
    await server.close();
  }
  expect(server.errors).toEqual([]);
  // pi writes its working directory into the system prompt: the two runs' repositories differ by name only.
  return server.requests.map((request) => ({
    ...request,
    body: JSON.parse(JSON.stringify(request.body).replaceAll(root, '<repository>')),
  }));
}

describe('pi: a session file continued by a new process', () => {
  it('sends the requests of one pi process, byte for byte', async () => {
    const [once, perPrompt] = await Promise.all([recordPi(false), recordPi(true)]);
    expect(perPrompt).toHaveLength(sessionRequests);
    expect(firstDifference(perPrompt, once)).toBeUndefined();
    const last = JSON.stringify(cacheOrderOf(perPrompt.at(-1)!).messages);
    for (const heading of nestedHeadings) expect(last.split(heading).length - 1, heading).toBe(1);
  });
});
