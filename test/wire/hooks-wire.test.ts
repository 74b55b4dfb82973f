import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { isStepCount, type LanguageModel, type ModelMessage, ToolLoopAgent } from 'ai';
import { describe, expect, it } from 'vitest';
import { withContext } from '../../src/adapters/ai-sdk/index.js';
import { commandGroup, writeHookRepository } from '../../src/hooks/hook-fixtures.test-support.js';
import { hooks } from '../../src/hooks/hooks.js';
import { createContextSession } from '../../src/session/context-session.js';
import { fileTools } from '../../src/tools/file-tools.js';
import { localWorkspace } from '../../src/workspace/local-workspace.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';
import { billedInput } from './billed-input.js';
import { cacheOrderOf, commonCachePrefix, midConversationSystemMessages } from './cache-order.js';
import { startScriptedProviderServer, type WireProtocol } from './scripted-provider-server.js';

const protocols: Array<[WireProtocol, (baseURL: string) => LanguageModel]> = [
  ['anthropic-messages', (baseURL) => createAnthropic({ baseURL, apiKey: 'test' })('claude-sonnet-4-5')],
  ['openai-chat', (baseURL) => createOpenAI({ baseURL, apiKey: 'test' }).chat('gpt-5')],
];

const prompts = ['Read the notes.', 'Read them again.'];
const plan = [
  { name: 'read_file', input: { path: 'notes.md' } },
  { name: 'read_file', input: { path: 'src/a.ts' } },
  'Run 1 done.',
  { name: 'read_file', input: { path: 'notes.md' } },
  'Run 2 done.',
];

for (const [protocol, createModel] of protocols) {
  describe(`hooks on the wire: ${protocol}`, () => {
    it('adds SessionStart, UserPromptSubmit and PostToolUse context without billing a byte again', async () => {
      const root = await useTemporaryDirectory('agent-context-hooks-wire-');
      await writeHookRepository(
        root,
        {
          SessionStart: [commandGroup('echo "Branch context: feature/login"')],
          UserPromptSubmit: [commandGroup('echo "Ticket: ABC-1"')],
          PostToolUse: [
            commandGroup(
              `echo '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"Checked by the read hook."}}'`,
              'Read',
            ),
          ],
        },
        { 'notes.md': `# Notes\n${'Long enough to cache. '.repeat(400)}\n`, 'src/a.ts': 'export {};\n' },
      );
      const session = createContextSession({
        workspace: localWorkspace(root),
        capabilities: [fileTools(), hooks({ run: true })],
      });
      const server = await startScriptedProviderServer({
        script: (request) => {
          const step = plan[request.index];
          if (step === undefined || typeof step === 'string') return { text: step ?? 'Out of script.' };
          return { toolCalls: [{ id: `call_${request.index}`, ...step }] };
        },
      });
      const agent = new ToolLoopAgent(
        withContext(session, {
          model: createModel(server.baseURL),
          instructions: 'You are the host.',
          stopWhen: isStepCount(10),
          maxRetries: 0,
        }),
      );
      const history: ModelMessage[] = [];
      try {
        for (const prompt of prompts) {
          history.push({ role: 'user', content: prompt });
          history.push(...(await agent.generate({ messages: [...history] })).responseMessages);
        }
      } finally {
        await server.close();
      }

      expect(server.errors).toEqual([]);
      expect(server.requests).toHaveLength(plan.length);
      for (const [index, request] of server.requests.entries()) {
        expect(midConversationSystemMessages(request), `request ${index}`).toEqual([]);
        const previous = server.requests[index - 1];
        if (previous !== undefined)
          expect(commonCachePrefix(previous, request).firstDifference, `request ${index}`).toBeUndefined();
      }
      const last = JSON.stringify(cacheOrderOf(server.requests.at(-1)!).messages);
      expect(last.split('Branch context: feature/login').length - 1).toBe(1);
      expect(last.split('Ticket: ABC-1').length - 1).toBe(2);
      expect(last.split('Checked by the read hook.').length - 1).toBe(3);
      const billed = billedInput(server.requests);
      expect(billed.brokenPrefixes).toBe(0);
      expect(billed.rebilledBytes).toBe(0);
    });
  });
}
