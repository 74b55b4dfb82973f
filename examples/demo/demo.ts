import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type ContextSession,
  capabilityCreation,
  createContextSession,
  filesystemContext,
  fileTools,
  localWorkspace,
  nestedInstructions,
  projectInstructions,
  skills,
} from 'agent-context';
import { withContext } from 'agent-context/ai-sdk';
import { isStepCount, type LanguageModel, type ModelMessage, ToolLoopAgent } from 'ai';
import { chooseModel } from './model-choice.js';
import { printSummary } from './print-summary.js';
import type { ModelCall } from './prompt-prefix.js';
import { runTestsTool } from './run-tests-tool.js';
import { userTurns } from './scripted-model.js';
import { type RecordedCall, Transcript } from './transcript.js';

/** What the launcher passes in. */
export interface DemoOptions {
  /** The agent-context repository (where `examples/demo-repo` is). */
  repositoryRoot: string;
  argv: readonly string[];
  env: NodeJS.ProcessEnv;
  write(line: string): void;
}

const hostInstructions =
  'You are a coding agent working in the Harbor Goods repository. Use the tools; keep answers short.';

/**
 * The demo: a coding agent works in a temporary copy of `examples/demo-repo` through the AI SDK
 * adapter, for two user turns (two runs), and the transcript shows what the model saw. The copy is
 * removed at the end, whatever happens. Returns the process exit code.
 */
export async function runDemo(options: DemoOptions): Promise<number> {
  const { write } = options;
  const choice = await chooseModel(options.argv, options.env);
  if (!choice.ok) {
    write(choice.message);
    return choice.exitCode;
  }
  const scratch = await mkdtemp(join(tmpdir(), 'agent-context-demo-'));
  const repository = join(scratch, 'harbor-goods');
  try {
    await cp(join(options.repositoryRoot, 'examples/demo-repo'), repository, { recursive: true });
    const session = createContextSession({
      workspace: localWorkspace(repository),
      capabilities: [
        projectInstructions(),
        nestedInstructions(),
        fileTools({ write: true }),
        skills(),
        filesystemContext({ offload: { overChars: 8_000 } }),
        capabilityCreation({ directory: join(repository, '.agent-capabilities') }),
      ],
    });
    const transcript = new Transcript(write, userTurns);
    session.on((event) => transcript.event(event));

    write('agent-context demo: a coding agent in a copy of examples/demo-repo, through the AI SDK adapter.');
    write(`Model: ${choice.label}. ${'◆'} marks what agent-context put in front of the model.`);
    const agent = new ToolLoopAgent(
      withContext(session, {
        model: recordCalls(choice.model, session, transcript),
        instructions: hostInstructions,
        tools: { run_tests: runTestsTool(repository) },
        stopWhen: isStepCount(12),
      }),
    );
    const history: ModelMessage[] = [];
    for (const turn of userTurns) {
      history.push({ role: 'user', content: turn });
      const result = await agent.generate({ messages: [...history] });
      history.push(...result.responseMessages);
    }
    printSummary(transcript.calls, write);
    write('');
    write('session.describe():');
    for (const text of session.describe().split('\n')) write(`  ${text}`);
    if (!choice.real) {
      write('');
      write(
        'Same demo with a real model: npm run demo -- --model anthropic:<model-id> (or openai:<model-id>),',
      );
      write('with ANTHROPIC_API_KEY (or OPENAI_API_KEY) in the environment.');
    }
    return 0;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Wrap the model so every call is recorded (and printed) with exactly what the model received: the
 * adapter's middleware runs outside this wrapper, so hidden messages and breakpoints are included.
 */
function recordCalls(
  model: Exclude<LanguageModel, string>,
  session: ContextSession,
  transcript: Transcript,
): Exclude<LanguageModel, string> {
  const inner = model as unknown as {
    doGenerate(
      params: ModelCall,
    ): Promise<{ content: RecordedCall['content']; usage?: RecordedCall['usage'] }>;
  };
  return new Proxy(model, {
    get(target, property) {
      if (property !== 'doGenerate') {
        const value = Reflect.get(target, property, target);
        // Provider models may use private fields: call their methods on the model itself.
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return async (params: ModelCall) => {
        const result = await inner.doGenerate.call(target, params);
        const run = session.currentRun;
        if (run) transcript.call({ params, content: result.content, usage: result.usage, run });
        return result;
      };
    },
  });
}
