import { join } from 'node:path';
import type { NestedSide } from './nested-side.js';

/** Options of {@link mastraSide}. */
export interface MastraSideOptions {
  /**
   * Tool calls kept in the conversation history. Mastra's processor re-examines every completed tool
   * call of the history on every step, so its cost grows with this number; older calls are removed
   * (as memory windowing or compaction would), reminders already sent are kept.
   */
  history: number;
}

/**
 * Mastra's AGENTS.md reminder processor through its public API: one `new AgentsMDInjector({})` (its
 * default node:fs reader) and one `new MessageList()` per session; per touch, the tool call is added
 * to the list as a completed `tool-invocation` (`read_file` or `list_directory` with `{ path }`) and
 * `processInputStep({ messageList, sendSignal })` runs, with `sendSignal` from
 * `createProcessorSendSignal({ messageList })`, as the agent loop wires it. The surfaced files are
 * the `path` attributes of the signals sent during the call. Only `processInputStep` is timed. At
 * session start one untimed step on the root surfaces the root's AGENTS.md, so it counts as loaded.
 */
export function mastraSide(options: MastraSideOptions): NestedSide {
  return {
    name: `Mastra AgentsMDInjector (${options.history} tool call${options.history === 1 ? '' : 's'} in history)`,
    calls:
      "`@mastra/core`: per session `new AgentsMDInjector({})`, `new MessageList()`; per touch `messageList.add(<tool-invocation message>, 'response')` (untimed) then `injector.processInputStep({ messageList, sendSignal: createProcessorSendSignal({ messageList }) })`",
    // Fill the history with earlier tool calls, then step (untimed) until every reminder they call
    // for was sent: the steady state of a long conversation.
    async warmUp(loader, root, events) {
      for (const event of events) loader.prepare?.(join(root, event.path), event);
      for (let steps = 0; steps < events.length; steps += 1) {
        const surfaced = await loader.touch(root, { path: '.', kind: 'directory' });
        if (surfaced.length === 0) break;
      }
    },
    async create(root) {
      const { AgentsMDInjector, createProcessorSendSignal } = await import('@mastra/core/processors');
      const { MessageList } = await import('@mastra/core/agent/message-list');
      const messageList = new MessageList({ threadId: 'bench', resourceId: 'bench' });
      const injector = new AgentsMDInjector({});
      const deliver = createProcessorSendSignal({ messageList });
      let surfaced: string[] = [];
      const sendSignal = async (signal: Parameters<typeof deliver>[0]) => {
        const path = (signal as { attributes?: { path?: unknown } }).attributes?.path;
        if (typeof path === 'string') surfaced.push(path);
        return deliver(signal);
      };
      const toolMessages: string[] = [];
      let calls = 0;
      const addToolCall = (path: string, toolName: string) => {
        calls += 1;
        const id = `tool-message-${calls}`;
        const message = {
          id,
          role: 'assistant',
          createdAt: new Date(calls * 1_000),
          content: {
            format: 2,
            parts: [
              {
                type: 'tool-invocation',
                toolInvocation: {
                  state: 'result',
                  toolCallId: `call_${calls}`,
                  toolName,
                  args: { path },
                  result: 'ok',
                },
              },
            ],
          },
        };
        messageList.add(message as unknown as Parameters<typeof messageList.add>[0], 'response');
        toolMessages.push(id);
        if (toolMessages.length > options.history)
          messageList.removeByIds(toolMessages.splice(0, toolMessages.length - options.history));
      };
      const step = async () => {
        surfaced = [];
        await injector.processInputStep({ messageList, sendSignal } as unknown as Parameters<
          typeof injector.processInputStep
        >[0]);
        return surfaced;
      };
      addToolCall(root, 'list_directory');
      await step();
      return {
        prepare(absolutePath, event) {
          addToolCall(absolutePath, event.kind === 'directory' ? 'list_directory' : 'read_file');
        },
        touch: step,
      };
    },
  };
}
