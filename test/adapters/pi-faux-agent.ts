import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type AssistantMessage,
  type Context,
  fauxAssistantMessage,
  fauxText,
  fauxToolCall,
  registerFauxProvider,
  type StreamOptions,
} from '@mariozechner/pi-ai';
import {
  AuthStorage,
  createAgentSession,
  DefaultResourceLoader,
  type ExtensionFactory,
  ModelRegistry,
  SessionManager,
  SettingsManager,
} from '@mariozechner/pi-coding-agent';

/** What the model received on one call, copied when it was made. */
export interface PiRequest {
  systemPrompt: string;
  messages: Context['messages'];
  tools: string[];
  /** Whether the call was made with an aborted signal (a real provider sends no request then). */
  aborted: boolean;
}

/** One scripted model reply: fixed, or computed from the requests so far (the last is the current one). */
export type PiStep = AssistantMessage | ((requests: readonly PiRequest[]) => AssistantMessage);

/** A reply that calls one tool. */
export const toolCallStep = (name: string, args: Record<string, unknown>, id: string): AssistantMessage =>
  fauxAssistantMessage(fauxToolCall(name, args, { id }), { stopReason: 'toolUse' });

/** A reply with text only, which ends the run. */
export const textStep = (text: string): AssistantMessage => fauxAssistantMessage(fauxText(text));

/** The host's system prompt of every pi agent these tests start. */
export const hostPrompt = 'You are the host.';

/**
 * A real pi agent session, headless, in `cwd`: pi's built-in tools, `extension` as its one extension,
 * no discovery of the user's extensions, skills or context files, in-memory settings and session, and
 * the faux provider answering with `script` (more with `append`). Call `dispose()` after the test.
 */
export async function startFauxPiAgent(cwd: string, extension: ExtensionFactory, script: PiStep[]) {
  const agentDirectory = await mkdtemp(join(tmpdir(), 'agent-context-pi-home-'));
  const faux = registerFauxProvider();
  const requests: PiRequest[] = [];
  // pi's own system prompt of each run, as the extension receives it (recorded by an extension loaded first).
  const basePrompts: string[] = [];
  const recordBasePrompt: ExtensionFactory = (pi) => {
    pi.on('before_agent_start', (event) => {
      basePrompts.push(event.systemPrompt);
    });
  };
  const toFaux = (step: PiStep) => (context: Context, options: StreamOptions | undefined) => {
    requests.push(
      structuredClone({
        systemPrompt: context.systemPrompt ?? '',
        messages: context.messages,
        tools: (context.tools ?? []).map((tool) => tool.name),
        aborted: options?.signal?.aborted === true,
      }),
    );
    return typeof step === 'function' ? step(requests) : step;
  };
  faux.setResponses(script.map(toFaux));
  const settingsManager = SettingsManager.inMemory({ compaction: { enabled: false } });
  const resourceLoader = new DefaultResourceLoader({
    cwd,
    agentDir: agentDirectory,
    settingsManager,
    extensionFactories: [recordBasePrompt, extension],
    noExtensions: true,
    noSkills: true,
    noPromptTemplates: true,
    noThemes: true,
    noContextFiles: true,
    systemPrompt: hostPrompt,
  });
  await resourceLoader.reload();
  const authStorage = AuthStorage.inMemory();
  const model = faux.getModel();
  authStorage.setRuntimeApiKey(model.provider, 'faux-key');
  const { session } = await createAgentSession({
    cwd,
    agentDir: agentDirectory,
    model,
    thinkingLevel: 'off',
    authStorage,
    modelRegistry: ModelRegistry.inMemory(authStorage),
    resourceLoader,
    settingsManager,
    sessionManager: SessionManager.inMemory(cwd),
  });
  await session.bindExtensions({});
  return {
    session,
    requests,
    basePrompts,
    append: (steps: PiStep[]) => faux.appendResponses(steps.map(toFaux)),
    dispose: async () => {
      session.dispose();
      faux.unregister();
      await rm(agentDirectory, { recursive: true, force: true });
    },
  };
}

/** The text of the tool result of call `id` in a request's messages, or undefined. */
export function resultText(request: PiRequest, id: string): string | undefined {
  const message = request.messages.find((item) => item.role === 'toolResult' && item.toolCallId === id);
  if (message?.role !== 'toolResult') return undefined;
  return message.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

/** One line per message: `role: text` (tool results as `toolResult[ID]: text`). */
export function describeMessages(request: PiRequest): string[] {
  return request.messages.map((message) => {
    const content =
      typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
    const text = content.map((part) => ('text' in part ? part.text : `[${part.type}]`)).join('');
    return message.role === 'toolResult'
      ? `toolResult[${message.toolCallId}]: ${text}`
      : `${message.role}: ${text}`;
  });
}
