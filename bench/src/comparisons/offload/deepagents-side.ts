import { join } from 'node:path';
import type { OffloadSide } from './offload-side.js';

/**
 * deepagents' large-result eviction through its public API: `createFilesystemMiddleware({ backend:
 * new FilesystemBackend({ rootDir, virtualMode: true }), toolTokenLimitBeforeEvict })` and, per
 * call, its `wrapToolCall(request, handler)` hook with a handler returning the tool's `ToolMessage`,
 * exactly as LangChain's agent loop calls it. `toolTokenLimitBeforeEvict` counts tokens as 4
 * characters: the default 20,000 tokens evicts results over 80,000 characters.
 */
export function deepagentsSide(toolTokenLimitBeforeEvict?: number): OffloadSide {
  const tokens = toolTokenLimitBeforeEvict ?? 20_000;
  return {
    name:
      toolTokenLimitBeforeEvict === undefined
        ? 'deepagents (default: over 80,000 chars)'
        : `deepagents (toolTokenLimitBeforeEvict ${tokens.toLocaleString('en-US')}: over ${(tokens * 4).toLocaleString('en-US')} chars)`,
    thresholdChars: tokens * 4,
    calls: `\`deepagents\`: \`createFilesystemMiddleware({ backend: new FilesystemBackend({ rootDir, virtualMode: true })${toolTokenLimitBeforeEvict === undefined ? '' : `, toolTokenLimitBeforeEvict: ${tokens}`} })\`, per call \`middleware.wrapToolCall({ toolCall, tool: undefined, state: { messages: [], files: {} }, runtime: {} }, () => new ToolMessage(...))\``,
    async create(root) {
      const { createFilesystemMiddleware, FilesystemBackend } = await import('deepagents');
      const { ToolMessage } = await import('@langchain/core/messages');
      const middleware = createFilesystemMiddleware({
        backend: new FilesystemBackend({ rootDir: root, virtualMode: true }),
        ...(toolTokenLimitBeforeEvict === undefined ? {} : { toolTokenLimitBeforeEvict }),
      });
      const wrapToolCall = middleware.wrapToolCall;
      if (!wrapToolCall) throw new Error('deepagents filesystem middleware has no wrapToolCall hook');
      return {
        async handle(call) {
          const request = {
            toolCall: { id: call.id, name: call.toolName, args: call.input, type: 'tool_call' as const },
            tool: undefined,
            state: { messages: [], files: {} },
            runtime: {},
          };
          const handler = async () =>
            new ToolMessage({ content: call.output, tool_call_id: call.id, name: call.toolName });
          const result = await wrapToolCall(
            request as unknown as Parameters<typeof wrapToolCall>[0],
            handler,
          );
          const message = ToolMessage.isInstance(result)
            ? result
            : (result as { update?: { messages?: unknown[] } }).update?.messages?.find((item) =>
                ToolMessage.isInstance(item),
              );
          const content = (message as InstanceType<typeof ToolMessage> | undefined)?.content;
          const transcriptText = typeof content === 'string' ? content : JSON.stringify(content);
          const saved = /(\/large_tool_results\/\S+?\.txt)/.exec(transcriptText)?.[1];
          return { transcriptText, savedTo: saved === undefined ? undefined : join(root, saved) };
        },
      };
    },
  };
}
