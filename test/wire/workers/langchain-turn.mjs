// One user turn of the coding session served by a new process, as a stateless LangGraph worker serves
// it: the same agent built again, the conversation from the PostgreSQL checkpointer by thread id.
import { ChatAnthropic } from '@langchain/anthropic';
import { tool } from '@langchain/core/tools';
import { PostgresSaver } from '@langchain/langgraph-checkpoint-postgres';
import { createAgent, HumanMessage } from 'langchain';
import { z } from 'zod';
import {
  createCodingSession,
  hostInstructions,
  readTask,
  searchDescription,
  searchOutput,
} from './coding-session.mjs';

const { contextMiddleware } = await import(new URL('../../../dist/langchain.js', import.meta.url));

const task = await readTask();
const checkpointer = PostgresSaver.fromConnString(task.connectionString, { schema: task.schema });
await checkpointer.setup();
const search = tool(async ({ query }) => searchOutput(query), {
  name: 'search',
  description: searchDescription,
  schema: z.object({ query: z.string() }),
});
const agent = createAgent({
  model: new ChatAnthropic({
    model: 'claude-sonnet-4-5',
    apiKey: 'test',
    anthropicApiUrl: task.baseURL.replace(/\/v1$/, ''),
    maxRetries: 0,
  }),
  tools: [search],
  systemPrompt: hostInstructions,
  middleware: [contextMiddleware(createCodingSession(task.root))],
  checkpointer,
});
try {
  // `resume`: go on from the thread's last checkpoint, as after a worker that stopped mid-turn.
  await agent.invoke(
    task.resume ? null : { messages: [new HumanMessage({ content: task.prompt, id: task.messageId })] },
    // Each step's checkpoint written before the next step starts, as a host that may be killed keeps them.
    { configurable: { thread_id: task.threadId }, recursionLimit: 100, durability: 'sync' },
  );
} finally {
  await checkpointer.end();
}
