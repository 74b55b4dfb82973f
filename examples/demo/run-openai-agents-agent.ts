import type { AgentInputItem, ModelRequest } from '@openai/agents';
import type { Run } from 'agent-context';
import type { DemoAgentOptions } from './demo-agent-options.js';
import type { ModelCall } from './prompt-prefix.js';
import { runTests, runTestsDescription, runTestsInput } from './run-tests-tool.js';
import { demoScript } from './scripted-model.js';

type Message = ModelCall['prompt'][number];

/**
 * The user turns through an OpenAI Agents SDK `Agent` run by `runWithContext`, the model being the
 * SDK's own `ScriptedModel` playing the demo's script (no network, no key); `result.history` is the
 * next turn's input. The transcript shows each model request in the AI SDK's message form the other
 * frameworks print: the instructions (one string in this SDK) split where agent-context's blocks
 * start, input items as messages, function calls and results as tool calls and results.
 */
export async function runOpenAiAgentsAgent(options: DemoAgentOptions): Promise<void> {
  const [{ Agent, setTracingDisabled, tool }, testing, { runWithContext }] = await Promise.all([
    import('@openai/agents'),
    import('@openai/agents/testing'),
    import('agent-context/openai-agents'),
  ]);
  setTracingDisabled(true);
  const script = demoScript();
  const respond = ({ request }: { request: ModelRequest }) => {
    const run = options.session.currentRun;
    const params = asModelCall(request, run);
    const turn = script(params);
    if (run) {
      const calls = turn.toolCalls.map((call) => ({ type: 'tool-call', ...call }));
      options.transcript.call({ params, content: [{ type: 'text', text: turn.text }, ...calls], run });
    }
    return [
      testing.assistantMessage(turn.text),
      ...turn.toolCalls.map((call) =>
        testing.functionCall(call.toolName, call.input, { callId: call.toolCallId }),
      ),
    ];
  };
  const steps = options.userTurns.length * options.maxSteps;
  const model = new testing.ScriptedModel(
    Array.from({ length: steps }, () => testing.modelResponder(respond)),
  );
  const runTestsTool = tool({
    name: 'run_tests',
    description: runTestsDescription,
    parameters: runTestsInput,
    execute: async ({ workspace }) => runTests(options.repository, workspace),
  });
  const agent = new Agent({
    name: 'harbor-coder',
    instructions: options.instructions,
    model,
    tools: [runTestsTool],
  });
  let history: AgentInputItem[] = [];
  for (const turn of options.userTurns) {
    const input: AgentInputItem[] = [...history, { type: 'message', role: 'user', content: turn }];
    history = (await runWithContext(options.session, agent, input, { maxTurns: options.maxSteps })).history;
  }
}

/** A model request of the Agents SDK in the AI SDK's call shape, for the transcript and the script. */
function asModelCall(request: ModelRequest, run: Run | undefined): ModelCall {
  const system = splitInstructions(request.systemInstructions ?? '', run);
  const items =
    typeof request.input === 'string'
      ? [{ role: 'user', content: request.input } as AgentInputItem]
      : request.input;
  const prompt: Message[] = [
    ...system.map((content): Message => ({ role: 'system', content })),
    ...items.flatMap(asMessages),
  ];
  const tools = request.tools.flatMap((definition) =>
    definition.type === 'function'
      ? [
          {
            type: 'function' as const,
            name: definition.name,
            description: definition.description,
            inputSchema: definition.parameters,
          },
        ]
      : [],
  );
  return { prompt, tools } as ModelCall;
}

/**
 * The agent's instructions, then each instruction block of the run: the adapter appends the blocks
 * to the agent's instructions, a blank line between each.
 */
function splitInstructions(text: string, run: Run | undefined): string[] {
  const blocks = (run?.instructionBlocks ?? []).map((block) => block.text);
  const joined = blocks.join('\n\n');
  if (blocks.length === 0 || !text.endsWith(joined)) return text === '' ? [] : [text];
  const host = text.slice(0, text.length - joined.length).replace(/\n\n$/, '');
  return [...(host === '' ? [] : [host]), ...blocks];
}

function asMessages(item: AgentInputItem): Message[] {
  if (item.type === 'function_call') {
    const input = JSON.parse(item.arguments || '{}') as unknown;
    return [
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: item.callId, toolName: item.name, input }],
      },
    ];
  }
  if (item.type === 'function_call_result') {
    const output = item.output as string | { type?: string; text?: string };
    const value = typeof output === 'string' ? output : (output.text ?? JSON.stringify(output));
    return [
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: item.callId,
            toolName: item.name,
            output: { type: 'text', value },
          },
        ],
      },
    ];
  }
  if ((item.type === 'message' || item.type === undefined) && 'role' in item) {
    const content = item.content as string | Array<{ type: string; text?: string }>;
    const text = typeof content === 'string' ? content : content.map((part) => part.text ?? '').join('');
    if (item.role === 'user') return [{ role: 'user', content: [{ type: 'text', text }] }];
    if (item.role === 'assistant') return [{ role: 'assistant', content: [{ type: 'text', text }] }];
    return [{ role: 'system', content: text }];
  }
  return [];
}
