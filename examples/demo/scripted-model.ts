import type { LanguageModel } from 'ai';
import type { ModelCall } from './prompt-prefix.js';

/** One answer of the scripted model: some text, then tool calls (none ends the run). */
export interface ScriptedAnswer {
  text: string;
  toolCalls?: Array<{ toolName: string; input: Record<string, unknown> }>;
}

/** The two user turns every framework of the demo plays, sent to the scripted and to a real model alike. */
export const userTurns = [
  'Add a GET /products/:id route to the API that answers 404 for an unknown id, and tell me which tests to run. ' +
    'Then author a capability named api_routes with a tool list_api_routes that lists the route files of ' +
    'packages/api, so you can use it next time.',
  'Which API routes exist now? And how does a product card format its price?',
];

/**
 * The third user turn of the AI SDK demo: the repository's `/review` command
 * (`.claude/commands/review.md`), which the session expands before the model sees it.
 */
export const reviewTurn = '/review packages/api';

/** The module the scripted agent authors in run 1: a capability with one tool, live from run 2. */
export const apiRoutesCapability = `import type { Capability } from 'agent-context';

const capability: Capability = {
  name: 'api_routes',
  tools: () => [
    {
      name: 'list_api_routes',
      description: 'List the route files of packages/api (one file per resource).',
      inputSchema: { type: 'object', properties: {} },
      async execute(_input, context) {
        const entries = await context.run.workspace.readdir('packages/api/src/routes');
        const files = entries.filter((entry) => entry.kind === 'file').map((entry) => entry.name);
        return files.map((file) => \`packages/api/src/routes/\${file}\`).join('\\n');
      },
    },
  ],
};

export default capability;
`;

const productsRoute = `import type { Product } from '@harbor/shared';
import { Hono } from 'hono';

const catalog: Product[] = [
  { id: 'mug-01', name: 'Stoneware mug', price: { cents: 1450, currency: 'EUR' } },
  { id: 'lamp-02', name: 'Reading lamp', price: { cents: 4900, currency: 'EUR' } },
];

export const products = new Hono()
  .get('/', (context) => context.json(catalog))
  .get('/:id', (context) => {
    const id = context.req.param('id');
    const product = catalog.find((item) => item.id === id);
    if (product) return context.json(product);
    return context.json({ error: { code: 'not_found', message: \`No product \${id}\` } }, 404);
  });
`;

/** The result text of a tool call in the prompt, found by tool name (the newest one). */
function lastResult(call: ModelCall, toolName: string): string {
  let found = '';
  for (const message of call.prompt) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-result' || part.toolName !== toolName) continue;
      const output = part.output as { value?: unknown };
      found = typeof output.value === 'string' ? output.value : JSON.stringify(output.value);
    }
  }
  return found;
}

/**
 * The agent's moves, in order. A move may look at what the model was sent, like a real model would:
 * the first move picks a skill from the catalog, the fourth reads the offloaded test log back using
 * the path and line numbers in its preview.
 */
const moves: Array<(call: ModelCall) => ScriptedAnswer> = [
  (call) => {
    // The skill whose description mentions a new endpoint, as listed in <available_skills>.
    const system = call.prompt.flatMap((message) => (message.role === 'system' ? [message.content] : []));
    const catalog = system.find((text) => text.includes('<available_skills>')) ?? '';
    const skill = /<name>([^<]+)<\/name><description>[^<]*endpoint/.exec(catalog)?.[1] ?? 'add-api-route';
    return {
      text: `A new route: the ${skill} skill covers that. Loading it first.`,
      toolCalls: [{ toolName: 'load_skill', input: { name: skill } }],
    };
  },
  (call) => {
    // The skill's body points at checklist.md, relative to the skill folder the header names.
    const loaded = lastResult(call, 'load_skill');
    const directory = /^\[skill \S+ from (\S+)\]/.exec(loaded)?.[1] ?? '.claude/skills/add-api-route';
    return {
      text: 'The skill says to check the route against its checklist. Reading it and the existing products route.',
      toolCalls: [
        { toolName: 'read_file', input: { path: `${directory}/checklist.md` } },
        { toolName: 'read_file', input: { path: 'packages/api/src/routes/products.ts' } },
      ],
    };
  },
  () => ({
    text: 'The API instructions say to run the API tests after a route change. Baseline first.',
    toolCalls: [{ toolName: 'run_tests', input: { workspace: 'packages/api' } }],
  }),
  (call) => {
    const preview = lastResult(call, 'run_tests');
    const path = /saved whole to (\S+) \(/.exec(preview)?.[1] ?? '.context/run_tests.txt';
    const failure = /details above, at line (\d+)/.exec(preview)?.[1];
    const offset = Math.max(1, Number(failure ?? 1) - 1);
    return {
      text: 'The log is long; the tail points at one failure. Reading just that part of the saved log.',
      toolCalls: [{ toolName: 'read_file', input: { path, offset, limit: 8 } }],
    };
  },
  () => ({
    text: 'The failing test expects GET /products/:id with a 404 for unknown ids. Adding the route.',
    toolCalls: [
      {
        toolName: 'write_file',
        input: { path: 'packages/api/src/routes/products.ts', content: productsRoute },
      },
    ],
  }),
  () => ({
    text: 'Now the capability, so the next run can list routes without reading the directory by hand.',
    toolCalls: [{ toolName: 'author_capability', input: { name: 'api_routes', code: apiRoutesCapability } }],
  }),
  () => ({
    text:
      'Added GET /products/:id (404 for an unknown id) in packages/api/src/routes/products.ts. ' +
      'Run `npm test -w packages/api`. I also authored api_routes (tool list_api_routes) for the next run.',
  }),
  () => ({
    text: 'Listing the routes with the tool I wrote last time.',
    toolCalls: [{ toolName: 'list_api_routes', input: {} }],
  }),
  () => ({
    text: 'One route file. Now the product card.',
    toolCalls: [{ toolName: 'read_file', input: { path: 'packages/app/src/components/ProductCard.tsx' } }],
  }),
  () => ({
    text:
      'Routes: packages/api/src/routes/products.ts, mounted at /api/products (list and /:id). ProductCard formats ' +
      'its price with formatMoney from @harbor/shared, as the storefront instructions require.',
  }),
  (call) => {
    // The expanded /review command names the path to review; the api-reviewer sub-agent covers the API.
    const review = call.prompt.at(-1);
    const text =
      review?.role === 'user'
        ? review.content.map((part) => (part.type === 'text' ? part.text : '')).join('')
        : '';
    const path = /only under `([^`]+)`/.exec(text)?.[1] ?? 'packages/api';
    return {
      text: `A review of ${path}: handing it to the api-reviewer sub-agent.`,
      toolCalls: [{ toolName: 'api-reviewer', input: { task: `Review the changes under ${path}.` } }],
    };
  },
  (call) => ({ text: `The api-reviewer's findings: ${lastResult(call, 'api-reviewer')}` }),
];

/**
 * The api-reviewer sub-agent's moves: it finds the API's tests and routes with the search tools its
 * definition's `Read, Grep, Glob` give it, then reports what it found.
 */
const reviewerMoves: Array<(call: ModelCall) => ScriptedAnswer> = [
  () => ({
    text: 'Reading the route and looking for its tests.',
    toolCalls: [
      { toolName: 'read_file', input: { path: 'packages/api/src/routes/products.ts' } },
      { toolName: 'find_files', input: { pattern: '**/*.test.ts', path: 'packages/api' } },
    ],
  }),
  (call) => {
    const route = lastResult(call, 'read_file');
    const tests = lastResult(call, 'find_files')
      .split('\n')
      .filter((line) => line.endsWith('.test.ts'));
    const findings = [
      /validator/i.test(route)
        ? undefined
        : 'packages/api/src/routes/products.ts: GET /:id does not validate its id.',
      tests.length > 0 ? undefined : 'packages/api: no test covers the routes (no *.test.ts file).',
    ].filter((finding) => finding !== undefined);
    return {
      text: findings.map((finding, index) => `${index + 1}. ${finding}`).join(' ') || 'No findings.',
    };
  },
];

/** One turn of the script with its tool calls numbered: what a model answers to one call. */
export interface ScriptedTurn {
  text: string;
  toolCalls: Array<{ toolCallId: string; toolName: string; input: Record<string, unknown> }>;
}

/**
 * The demo's script as a function of what the model was sent: each call gets the next move, tool
 * calls numbered `call_1`, `call_2`, ... across the whole session. After the last move it answers
 * `The script is over.` Every framework of the demo plays this same script.
 */
export function demoScript(script = moves): (call: ModelCall) => ScriptedTurn {
  let move = 0;
  let callNumber = 0;
  return (call) => {
    const next: (call: ModelCall) => ScriptedAnswer =
      script[move] ?? (() => ({ text: 'The script is over.' }));
    move += 1;
    const answer = next(call);
    const toolCalls = (answer.toolCalls ?? []).map((toolCall) => {
      callNumber += 1;
      return { toolCallId: `call_${callNumber}`, toolName: toolCall.toolName, input: toolCall.input };
    });
    return { text: answer.text, toolCalls };
  };
}

/** The api-reviewer sub-agent's script, played by its own {@link scriptedModel}. */
export function reviewerScript(): (call: ModelCall) => ScriptedTurn {
  return demoScript(reviewerMoves);
}

/**
 * A language model (AI SDK specification v4) that plays a script (the demo's by default): no network, no key.
 * It answers generate and stream calls alike (Mastra streams, the AI SDK agent generates).
 */
export function scriptedModel(script = demoScript()): Exclude<LanguageModel, string> {
  const usage = {
    inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: undefined, text: undefined, reasoning: undefined },
  };
  const finishReason = (turn: ScriptedTurn) => ({
    unified: turn.toolCalls.length > 0 ? ('tool-calls' as const) : ('stop' as const),
    raw: undefined,
  });
  return {
    specificationVersion: 'v4',
    provider: 'scripted',
    modelId: 'harbor-demo-script',
    supportedUrls: {},
    async doGenerate(call: ModelCall) {
      const turn = script(call);
      const toolCalls = turn.toolCalls.map((toolCall) => ({
        type: 'tool-call' as const,
        toolCallId: toolCall.toolCallId,
        toolName: toolCall.toolName,
        input: JSON.stringify(toolCall.input),
      }));
      return {
        content: [{ type: 'text' as const, text: turn.text }, ...toolCalls],
        finishReason: finishReason(turn),
        usage,
        warnings: [],
      };
    },
    async doStream(call: ModelCall) {
      const turn = script(call);
      const parts: unknown[] = [
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: 'text' },
        { type: 'text-delta', id: 'text', delta: turn.text },
        { type: 'text-end', id: 'text' },
      ];
      for (const toolCall of turn.toolCalls) {
        const input = JSON.stringify(toolCall.input);
        parts.push(
          { type: 'tool-input-start', id: toolCall.toolCallId, toolName: toolCall.toolName },
          { type: 'tool-input-delta', id: toolCall.toolCallId, delta: input },
          { type: 'tool-input-end', id: toolCall.toolCallId },
          { type: 'tool-call', toolCallId: toolCall.toolCallId, toolName: toolCall.toolName, input },
        );
      }
      parts.push({ type: 'finish', finishReason: finishReason(turn), usage });
      return {
        stream: new ReadableStream({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      };
    },
  } as unknown as Exclude<LanguageModel, string>;
}
