import type { ToolVocabulary } from '../tool-vocabulary/tool-vocabulary.js';
import type { Workspace } from '../workspace/workspace.js';
import type { HookEventName } from './hook-events.js';
import type { HookEventRequest, HookEventResult } from './run-hook-event.js';
import { claudeToolInput } from './tool-input.js';

/** A tool call as the tool events' hooks see it. */
export interface HookToolCall {
  id: string;
  toolName: string;
  input: unknown;
}

/**
 * The request of a tool event: the tool's names for matchers (its own, then its Claude Code names
 * from the vocabulary), and the payload fields `tool_name` (the first Claude Code name, `Write` for
 * `write_file`; the tool's own name when it has none), `tool_input` (see `claudeToolInput`),
 * `tool_use_id`, and `tool_response` for `PostToolUse`.
 */
export function toolEventRequest(
  event: 'PreToolUse' | 'PostToolUse',
  call: HookToolCall,
  workspace: Workspace,
  vocabulary: Pick<ToolVocabulary, 'namesOf'>,
  response?: { output: unknown },
): HookEventRequest {
  const names = vocabulary.namesOf(call.toolName, { assistant: 'claude-code' });
  return {
    event,
    toolNames: names,
    fields: {
      tool_name: names[1] ?? call.toolName,
      tool_input: claudeToolInput(call.input, workspace),
      tool_use_id: call.id,
      ...(response === undefined ? {} : { tool_response: response.output }),
    },
  };
}

/**
 * The hidden message text of an event's context: one `<hook-output event="..." source="...">` block
 * per hook that gave context, in configuration order; `undefined` when none did.
 */
export function renderHookContext(event: HookEventName, result: HookEventResult): string | undefined {
  if (result.context.length === 0) return undefined;
  return result.context
    .map(
      ({ text, hook }) => `<hook-output event="${event}" source="${hook.source}">\n${text}\n</hook-output>`,
    )
    .join('\n\n');
}
