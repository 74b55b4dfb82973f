// One user turn of the coding session served by a new process with the OpenAI Agents SDK: the host's
// `Session` keeps the items (a JSON file here), the conversation store keeps the context, keyed by the
// Session's id.
import { readFile, writeFile } from 'node:fs/promises';
import { Agent, OpenAIProvider, setTracingDisabled, tool } from '@openai/agents';
import {
  conversations,
  createCodingSession,
  hostInstructions,
  readTask,
  searchDescription,
  searchOutput,
} from './coding-session.mjs';

const { runWithContext } = await import(new URL('../../../dist/openai-agents.js', import.meta.url));

/** A `Session` of the SDK whose items live in one JSON file. */
class FileSession {
  constructor(file, id) {
    this.file = file;
    this.id = id;
  }
  async getSessionId() {
    return this.id;
  }
  async #read() {
    try {
      return JSON.parse(await readFile(this.file, 'utf8'));
    } catch (error) {
      if (error.code === 'ENOENT') return [];
      throw error;
    }
  }
  async getItems(limit) {
    const items = await this.#read();
    return limit === undefined ? items : items.slice(-limit);
  }
  async addItems(items) {
    await writeFile(this.file, JSON.stringify([...(await this.#read()), ...items]));
  }
  async popItem() {
    const items = await this.#read();
    const last = items.pop();
    await writeFile(this.file, JSON.stringify(items));
    return last;
  }
  async clearSession() {
    await writeFile(this.file, '[]');
  }
}

setTracingDisabled(true);
const task = await readTask();
const agentsSession = new FileSession(task.itemsFile, task.conversationId);
const conversation = await conversations.openConversation({
  store: conversations.fileConversationStore({ directory: task.storeDirectory }),
  conversationId: await agentsSession.getSessionId(),
  session: createCodingSession(task.root),
});
const provider = new OpenAIProvider({ apiKey: 'test', baseURL: task.baseURL, useResponses: true });
const agent = new Agent({
  name: 'coder',
  instructions: hostInstructions,
  model: await provider.getModel('gpt-5'),
  tools: [
    tool({
      name: 'search',
      description: searchDescription,
      parameters: {
        type: 'object',
        properties: { query: { type: 'string' } },
        required: ['query'],
        additionalProperties: false,
      },
      strict: true,
      execute: async (input) => searchOutput(input.query),
    }),
  ],
});
for (const prompt of task.prompts) {
  await runWithContext(conversation.session, agent, prompt, { maxTurns: 15, session: agentsSession });
}
await conversation.save();
