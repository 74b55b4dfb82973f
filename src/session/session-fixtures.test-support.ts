import { z } from 'zod';
import { memoryWorkspace } from '../workspace/memory-workspace.js';
import type { ContextEvent, ToolDefinition } from './capability.js';
import type { createContextSession } from './context-session.js';

/** A small workspace for session tests that do not read files. */
export const workspace = memoryWorkspace({ 'src/a.ts': 'a' });

/** A zod-typed tool that repeats `text` `times` times (default 1) and logs each input it ran with. */
export function echoTool(name: string, log: unknown[] = []): ToolDefinition {
  return {
    name,
    description: `echo ${name}`,
    inputSchema: z.object({ text: z.string(), times: z.number().default(1) }),
    execute: (input: { text: string; times: number }) => {
      log.push(input);
      return input.text.repeat(input.times);
    },
  };
}

/** Collect every event the session emits from now on. */
export function recordEvents(session: ReturnType<typeof createContextSession>): ContextEvent[] {
  const events: ContextEvent[] = [];
  session.on((event) => events.push(event));
  return events;
}
