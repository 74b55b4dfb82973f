// A worker's turn on a stored conversation without a model: load it, touch one path (its nested
// instruction file is delivered), wait for the word `save` on stdin, save. On `state-conflict` it does
// what a host does: loads the conversation again and redoes the turn.
import { createInterface } from 'node:readline';
import { agentContext, conversations, readTask } from './coding-session.mjs';

const task = await readTask();
const store = conversations.fileConversationStore({ directory: task.storeDirectory });
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();

async function turn() {
  const session = agentContext.createContextSession({
    workspace: agentContext.localWorkspace(task.root),
    capabilities: [agentContext.nestedInstructions()],
  });
  const conversation = await conversations.openConversation({ store, conversationId: 'shared', session });
  await session.touch(task.path);
  return conversation;
}

let conversation = await turn();
console.log('loaded');
await lines.next();
try {
  await conversation.save();
  console.log('saved');
} catch (error) {
  if (error.code !== 'state-conflict') throw error;
  console.log('state-conflict');
  conversation = await turn();
  await conversation.save();
  console.log('saved after retry');
}
process.exit(0);
