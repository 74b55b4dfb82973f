import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getModel } from '@mariozechner/pi-ai';
import {
  AuthStorage,
  createAgentSession,
  DefaultResourceLoader,
  ModelRegistry,
  SessionManager,
  SettingsManager,
  type ToolDefinition,
} from '@mariozechner/pi-coding-agent';
import { describe, expect, it } from 'vitest';
import { contextExtension, subAgentTools } from '../../src/adapters/pi/index.js';
import { hostInstructions, searchDescription, searchOutput } from './coding-session.js';
import { startScriptedProviderServer } from './scripted-provider-server.js';
import {
  createSetupRepository,
  createSetupSession,
  expectSetupSessionOnTheWire,
  setupPrompts,
  setupTurn,
  subAgentTurn,
} from './setup-session.js';

/** pi's Anthropic model, sent to the scripted server instead of the API. */
const model = (baseURL: string) => ({
  ...getModel('anthropic', 'claude-sonnet-4-5'),
  baseUrl: baseURL.replace(/\/v1$/, ''),
});

const search: ToolDefinition = {
  name: 'search',
  label: 'search',
  description: searchDescription,
  parameters: {
    type: 'object',
    properties: { query: { type: 'string' } },
    required: ['query'],
  } as unknown as ToolDefinition['parameters'],
  execute: async (_id, input) => ({
    content: [{ type: 'text', text: searchOutput((input as { query: string }).query) }],
    details: undefined,
  }),
};

describe('the setup on the wire: pi, anthropic-messages', () => {
  it('expands a slash command and delegates to a sub-agent in a 30-request session, 0 bytes billed again', async () => {
    const root = await createSetupRepository();
    const server = await startScriptedProviderServer({ script: (request) => setupTurn(request.index) });
    const subServer = await startScriptedProviderServer({ script: (request) => subAgentTurn(request.index) });
    const { session, events, definitions } = await createSetupSession(root);
    const agentDirectory = await mkdtemp(join(tmpdir(), 'agent-context-pi-home-'));
    const tools = subAgentTools(definitions, { model: model(subServer.baseURL), session });
    const settingsManager = SettingsManager.inMemory({ compaction: { enabled: false } });
    const resourceLoader = new DefaultResourceLoader({
      cwd: root,
      agentDir: agentDirectory,
      settingsManager,
      extensionFactories: [contextExtension(session)],
      noExtensions: true,
      noSkills: true,
      noPromptTemplates: true,
      noThemes: true,
      noContextFiles: true,
      systemPrompt: hostInstructions,
      appendSystemPrompt: [],
    });
    await resourceLoader.reload();
    const authStorage = AuthStorage.inMemory();
    authStorage.setRuntimeApiKey('anthropic', 'test');
    const { session: pi } = await createAgentSession({
      cwd: root,
      agentDir: agentDirectory,
      model: model(server.baseURL),
      thinkingLevel: 'off',
      authStorage,
      modelRegistry: ModelRegistry.inMemory(authStorage),
      resourceLoader,
      settingsManager,
      sessionManager: SessionManager.inMemory(root),
      customTools: [search, ...tools],
    });
    try {
      await pi.bindExtensions({});
      for (const prompt of setupPrompts) await pi.prompt(prompt);
    } finally {
      pi.dispose();
      await server.close();
      await subServer.close();
      await rm(agentDirectory, { recursive: true, force: true });
    }
    const billed = expectSetupSessionOnTheWire(server, subServer, events);
    if (process.env.AGENT_CONTEXT_WIRE_FIGURES) console.log(JSON.stringify(billed));
    expect(billed.host.rebilledBytes).toBe(0);
  });
});
