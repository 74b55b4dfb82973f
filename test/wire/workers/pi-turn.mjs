// One prompt of the coding session served by a new pi process: the session file continued as
// `pi --continue` does (the newest session of the working directory), or a new one for the first.
import { mkdir } from 'node:fs/promises';
import { getModel } from '@mariozechner/pi-ai';
import {
  AuthStorage,
  createAgentSession,
  DefaultResourceLoader,
  ModelRegistry,
  SessionManager,
  SettingsManager,
} from '@mariozechner/pi-coding-agent';
import {
  createCodingSession,
  hostInstructions,
  readTask,
  searchDescription,
  searchOutput,
} from './coding-session.mjs';

const { contextExtension } = await import(new URL('../../../dist/pi.js', import.meta.url));

const task = await readTask();
const model = { ...getModel('anthropic', 'claude-sonnet-4-5'), baseUrl: task.baseURL.replace(/\/v1$/, '') };
await mkdir(task.agentDirectory, { recursive: true });
const settingsManager = SettingsManager.inMemory({ compaction: { enabled: false } });
const resourceLoader = new DefaultResourceLoader({
  cwd: task.root,
  agentDir: task.agentDirectory,
  settingsManager,
  extensionFactories: [contextExtension(createCodingSession(task.root))],
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
const sessionManager = task.first
  ? SessionManager.create(task.root, task.sessionDirectory)
  : SessionManager.continueRecent(task.root, task.sessionDirectory);
const { session: pi } = await createAgentSession({
  cwd: task.root,
  agentDir: task.agentDirectory,
  model,
  thinkingLevel: 'off',
  authStorage,
  modelRegistry: ModelRegistry.inMemory(authStorage),
  resourceLoader,
  settingsManager,
  sessionManager,
  customTools: [
    {
      name: 'search',
      label: 'search',
      description: searchDescription,
      parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
      execute: async (_id, input) => ({
        content: [{ type: 'text', text: searchOutput(input.query) }],
        details: undefined,
      }),
    },
  ],
});
try {
  await pi.bindExtensions({});
  for (const prompt of task.prompts ?? [task.prompt]) await pi.prompt(prompt);
} finally {
  pi.dispose();
}
