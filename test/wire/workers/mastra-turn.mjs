// One user turn of the coding session served by a new process with a Mastra agent: the host keeps
// Mastra's messages (a JSON file here), the conversation store keeps the context, keyed by thread.
import { createAnthropic } from '@ai-sdk/anthropic';
import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';
import {
  conversations,
  createCodingSession,
  hostInstructions,
  messageStore,
  readTask,
  searchDescription,
  searchOutput,
} from './coding-session.mjs';

const { contextProcessor } = await import(new URL('../../../dist/mastra.js', import.meta.url));

const task = await readTask();
const conversation = await conversations.openConversation({
  store: conversations.fileConversationStore({ directory: task.storeDirectory }),
  conversationId: task.conversationId,
  session: createCodingSession(task.root),
});
const agent = new Agent({
  id: 'coder',
  name: 'coder',
  instructions: hostInstructions,
  model: createAnthropic({ baseURL: task.baseURL, apiKey: 'test' })('claude-sonnet-4-5'),
  tools: {
    search: createTool({
      id: 'search',
      description: searchDescription,
      inputSchema: z.object({ query: z.string() }),
      execute: async ({ query }) => searchOutput(query),
    }),
  },
  inputProcessors: [contextProcessor(conversation.session)],
});
let history = await messageStore.load(task.messagesFile);
for (const prompt of task.prompts) {
  const result = await agent.generate([...history, { role: 'user', content: prompt }], {
    maxSteps: 15,
    modelSettings: { maxRetries: 0 },
  });
  history = result.messages;
}
await messageStore.save(task.messagesFile, history);
await conversation.save();
