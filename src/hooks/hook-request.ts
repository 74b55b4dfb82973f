import type { AssistantName } from '../tool-vocabulary/assistant.js';
import { assistantToolNames } from '../tool-vocabulary/assistant-tool-names.js';
import type { ToolVocabulary } from '../tool-vocabulary/tool-vocabulary.js';
import type { Workspace } from '../workspace/workspace.js';
import type { HookEventRequest } from './hook-protocols.js';
import type { HookEventResult } from './run-hook-event.js';

/** A tool call as the tool events' hooks see it. */
export interface HookToolCall {
  id: string;
  toolName: string;
  input: unknown;
}

/**
 * The request of a tool event: the call, its result for `PostToolUse`, and the tool's names in each
 * assistant's words (its own, then the vocabulary's: `read_file`, `Read`), which each hook format's
 * matcher and payload use (see `hookProtocols`).
 */
export function toolEventRequest(
  event: 'PreToolUse' | 'PostToolUse',
  call: HookToolCall,
  workspace: Workspace,
  vocabulary: Pick<ToolVocabulary, 'namesOf'>,
  response?: { output: unknown },
): HookEventRequest {
  const names = new Map<AssistantName, readonly string[]>();
  return {
    event,
    tool: {
      call,
      ...(response === undefined ? {} : { response }),
      namesFor(assistant) {
        let known = names.get(assistant);
        if (known === undefined) {
          known = vocabulary.namesOf(call.toolName, { assistant });
          names.set(assistant, known);
        }
        return known;
      },
      nameIn(assistant) {
        // A session tool named as the assistant names its own (Gemini CLI's `read_file`) keeps its name.
        if (assistantToolNames.some((entry) => entry.assistant === assistant && entry.name === call.toolName))
          return call.toolName;
        return this.namesFor(assistant)[1] ?? call.toolName;
      },
      workspace,
    },
  };
}

/**
 * The hidden message text of an event's context: one `<hook-output event="..." source="...">` block
 * per hook that gave context, in configuration order; `undefined` when none did.
 */
export function renderHookContext(result: HookEventResult): string | undefined {
  if (result.context.length === 0) return undefined;
  return result.context
    .map(
      ({ text, hook }) =>
        `<hook-output event="${hook.event}" source="${hook.source}">\n${text}\n</hook-output>`,
    )
    .join('\n\n');
}
