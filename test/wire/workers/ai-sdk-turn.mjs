// One user turn of the coding session served by a new process, as a route handler serves a request:
// the host's messages from its store, the context from the conversation store, one agent call, both
// saved. The task file says which provider, which prompt and where everything lives.
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { isStepCount, jsonSchema, ToolLoopAgent } from 'ai';
import pg from 'pg';
import {
  conversations,
  createCodingSession,
  hostInstructions,
  messageStore,
  readTask,
  searchDescription,
  searchOutput,
} from './coding-session.mjs';

const { withContext } = await import(new URL('../../../dist/ai-sdk.js', import.meta.url));

const task = await readTask();
const models = {
  'anthropic-messages': () => createAnthropic({ baseURL: task.baseURL, apiKey: 'test' })('claude-sonnet-4-5'),
  'openai-responses': () => createOpenAI({ baseURL: task.baseURL, apiKey: 'test' })('gpt-5'),
  'openai-chat': () => createOpenAI({ baseURL: task.baseURL, apiKey: 'test' }).chat('gpt-5'),
};
// The conversation store of the task: PostgreSQL when it names a server (workers on many machines), else files.
const pool = task.connectionString ? new pg.Pool({ connectionString: task.connectionString }) : undefined;
const store = pool
  ? conversations.postgresConversationStore({ client: pool, table: task.table })
  : conversations.fileConversationStore({ directory: task.storeDirectory });
const conversation = await conversations.openConversation({
  store,
  conversationId: task.conversationId,
  session: createCodingSession(task.root),
});
const agent = new ToolLoopAgent(
  withContext(conversation.session, {
    model: models[task.protocol](),
    instructions: hostInstructions,
    tools: {
      search: {
        description: searchDescription,
        inputSchema: jsonSchema({ type: 'object', properties: { query: { type: 'string' } } }),
        execute: async ({ query }) => searchOutput(query),
      },
    },
    stopWhen: isStepCount(15),
    maxRetries: 0,
  }),
);
const history = await messageStore.load(task.messagesFile);
for (const prompt of task.prompts ?? [task.prompt]) {
  history.push({ role: 'user', content: prompt });
  const result = await agent.generate({ messages: [...history] });
  history.push(...result.responseMessages);
}
await messageStore.save(task.messagesFile, history);
try {
  await conversation.save();
} finally {
  await pool?.end();
}
