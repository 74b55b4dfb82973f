import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  capabilityCreation,
  commands,
  createContextSession,
  filesystemContext,
  fileTools,
  localWorkspace,
  nestedInstructions,
  projectInstructions,
  skills,
} from 'agent-context';
import type { DemoAgentOptions, Framework } from './demo-agent-options.js';
import { chooseModel } from './model-choice.js';
import { printCommandAndSubAgent, printSummary } from './print-summary.js';
import { runAiSdkAgent } from './run-ai-sdk-agent.js';
import { reviewerScript, reviewTurn, scriptedModel, userTurns } from './scripted-model.js';
import { Transcript } from './transcript.js';

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

/** How each framework's agent is named in the first line, and the function that runs it. */
const agents: Record<Framework, { label: string; run(options: DemoAgentOptions): Promise<void> }> = {
  'ai-sdk': { label: 'the AI SDK adapter', run: runAiSdkAgent },
  mastra: {
    label: 'the Mastra adapter',
    run: async (options) => (await import('./run-mastra-agent.js')).runMastraAgent(options),
  },
  'openai-agents': {
    label: 'the OpenAI Agents SDK adapter',
    run: async (options) => (await import('./run-openai-agents-agent.js')).runOpenAiAgentsAgent(options),
  },
};

/**
 * The demo: a coding agent works in a temporary copy of `examples/demo-repo` through one of the
 * adapters (the AI SDK's by default), for two user turns (two runs; the AI SDK also a third, a slash
 * command it delegates to a sub-agent), and the transcript shows what the model saw. The copy is removed at the end, whatever happens. Returns the process exit code.
 */
export async function runDemo(options: DemoOptions): Promise<number> {
  const { write } = options;
  const choice = await chooseModel(options.argv, options.env);
  if (!choice.ok) {
    write(choice.message);
    return choice.exitCode;
  }
  const agent = agents[choice.framework];
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
        commands(),
      ],
    });
    // The AI SDK agent also gets a slash command and delegates it to a sub-agent.
    const turns = choice.framework === 'ai-sdk' ? [...userTurns, reviewTurn] : userTurns;
    const transcript = new Transcript(write, turns);
    session.on((event) => transcript.event(event));

    write(`agent-context demo: a coding agent in a copy of examples/demo-repo, through ${agent.label}.`);
    write(`Model: ${choice.label}. ${'◆'} marks what agent-context put in front of the model.`);
    await agent.run({
      session,
      transcript,
      repository,
      model: choice.model,
      subAgentModel: choice.real ? choice.model : scriptedModel(reviewerScript()),
      instructions: hostInstructions,
      userTurns: turns,
      maxSteps: 12,
    });
    printSummary(transcript.calls, write);
    printCommandAndSubAgent(transcript.calls, 'api-reviewer', write);
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
