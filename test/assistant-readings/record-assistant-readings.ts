import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  type RecordedRequest,
  type ScriptedTurn,
  startScriptedProviderServer,
} from '../wire/scripted-provider-server.js';
import { type AssistantClient, assistantClients } from './assistant-clients.js';
import {
  commandFixtures,
  fileOfMarker,
  fixtureFiles,
  hookFixtures,
  markersIn,
  type ReadingFixture,
  readingFixtures,
  readTarget,
} from './reading-fixtures.js';

const run = promisify(execFile);

/** What one assistant sent its model on one fixture, reduced to files (no prompt text). */
export interface RecordedReading {
  /** Instruction files in the first model request, in the order they appear (`path#end` after an import). */
  start: string[];
  /** Instruction files new in the request that carries the read's result, in order; `null` when the assistant never read. */
  read: string[] | null;
  /** Skill files (`SKILL.md`) and command files named in the first request, sorted. */
  skills: string[];
}

/** The committed table: versions, then fixture -> assistant -> reading. */
export interface RecordedReadings {
  format: 'agent-context/assistant-readings';
  clients: Record<string, { packageName: string; version: string }>;
  readings: Record<string, Record<string, RecordedReading>>;
}

/** The file the recorded table lives in. */
export const recordedReadingsFile = path.join(import.meta.dirname, 'recorded-readings.json');

const prompt = `Read ${readTarget} and tell me what it exports.`;
const readTargetText = "export const routes = ['/products', '/orders'];";

/** Installs the pinned CLIs into `directory` (skipped when they are there). */
export async function installClients(directory: string): Promise<void> {
  const installed = await Promise.all(
    assistantClients.map((client) =>
      fs
        .readFile(path.join(directory, 'node_modules', client.packageName, 'package.json'), 'utf8')
        .then((text) => (JSON.parse(text) as { version: string }).version === client.version)
        .catch(() => false),
    ),
  );
  if (installed.every(Boolean)) return;
  await fs.mkdir(directory, { recursive: true });
  await fs.writeFile(path.join(directory, 'package.json'), '{ "private": true }\n');
  const packages = assistantClients.map((client) => `${client.packageName}@${client.version}`);
  await run('npm', ['install', '--save-exact', '--no-audit', '--no-fund', ...packages], {
    cwd: directory,
    maxBuffer: 64 * 1024 * 1024,
  });
}

/**
 * Runs every client over every fixture and returns the table. Each run gets a fresh copy of the
 * fixture (a git repository), its own recording server and the client's home directory under
 * `workDirectory`; the scripted model reads {@link readTarget} with the client's own read tool, then ends.
 */
export async function recordAssistantReadings(options: {
  clientsDirectory: string;
  workDirectory: string;
  fixtures?: readonly ReadingFixture[];
  clients?: readonly AssistantClient[];
  log?: (line: string) => void;
}): Promise<RecordedReadings> {
  return recordTable(options, readingOf, readingFixtures) as Promise<RecordedReadings>;
}

/** What a hook did to the read, as the assistant's next request shows it. */
export interface RecordedHookOutcome {
  /** The hooks whose refusal reached the model (`reason-claude`...), in order. */
  blockedBy: string[];
  /** Whether the file's text reached the model; `null` when the assistant made no request after the call. */
  targetReached: boolean | null;
}

/** The committed hooks table: versions, then fixture -> assistant -> outcome. */
export interface RecordedHooks {
  format: 'agent-context/assistant-hooks';
  clients: Record<string, { packageName: string; version: string }>;
  readings: Record<string, Record<string, RecordedHookOutcome>>;
}

/** The file the recorded hooks table lives in. */
export const recordedHooksFile = path.join(import.meta.dirname, 'recorded-hooks.json');

/** Runs every client over the hook fixtures: which format's hook blocked the read, and whether the file got through. */
export async function recordAssistantHooks(options: {
  clientsDirectory: string;
  workDirectory: string;
  fixtures?: readonly ReadingFixture[];
  clients?: readonly AssistantClient[];
  log?: (line: string) => void;
}): Promise<RecordedHooks> {
  const table = await recordTable(options, hookOutcomeOf, hookFixtures);
  return { ...table, format: 'agent-context/assistant-hooks' } as RecordedHooks;
}

async function recordTable<Cell>(
  options: {
    clientsDirectory: string;
    workDirectory: string;
    fixtures?: readonly ReadingFixture[];
    clients?: readonly AssistantClient[];
    log?: (line: string) => void;
  },
  reduce: (requests: readonly RecordedRequest[], repository: string) => Cell | Promise<Cell>,
  defaultFixtures: readonly ReadingFixture[],
): Promise<{
  format: string;
  clients: Record<string, { packageName: string; version: string }>;
  readings: Record<string, Record<string, Cell>>;
}> {
  const clients = options.clients ?? assistantClients;
  const table = {
    format: 'agent-context/assistant-readings',
    clients: Object.fromEntries(
      clients.map((client) => [
        client.assistant,
        { packageName: client.packageName, version: client.version },
      ]),
    ),
    readings: {} as Record<string, Record<string, Cell>>,
  };
  for (const fixture of options.fixtures ?? defaultFixtures) {
    const row: Record<string, Cell> = {};
    for (const client of clients) {
      const { requests, repository } = await recordOne(fixture, client, options);
      row[client.assistant] = await reduce(requests, repository);
      if (process.env.RECORD_DUMP)
        await fs.writeFile(
          path.join(process.env.RECORD_DUMP, `${fixture.name}.${client.assistant}.json`),
          JSON.stringify(
            requests.map((request) => ({ path: request.path, body: request.body })),
            null,
            1,
          ),
        );
      options.log?.(`${fixture.name} ${client.assistant}: ${JSON.stringify(row[client.assistant])}`);
    }
    table.readings[fixture.name] = row;
  }
  return table;
}

async function recordOne(
  fixture: ReadingFixture,
  client: AssistantClient,
  options: { clientsDirectory: string; workDirectory: string },
): Promise<{ requests: RecordedRequest[]; repository: string }> {
  const repository = path.join(options.workDirectory, 'repositories', client.assistant, fixture.name);
  await fs.rm(repository, { recursive: true, force: true });
  for (const [file, text] of Object.entries(fixtureFiles(fixture))) {
    await fs.mkdir(path.dirname(path.join(repository, file)), { recursive: true });
    await fs.writeFile(path.join(repository, file), text);
  }
  await run('git', ['init', '-q'], { cwd: repository });
  const home = path.join(options.workDirectory, 'homes', client.assistant);
  await fs.mkdir(home, { recursive: true });
  let readIssued = false;
  const server = await startScriptedProviderServer({
    model: 'recording-model',
    script: (request) => {
      const turn = nextTurn(request, repository, readIssued);
      if (turn.toolCalls !== undefined) readIssued = true;
      return turn;
    },
  });
  const origin = server.baseURL.replace(/\/v1$/, '');
  try {
    await client.configure(origin, home);
    const environment = {
      PATH: process.env.PATH ?? '',
      HOME: home,
      XDG_CONFIG_HOME: path.join(home, '.config'),
      XDG_CACHE_HOME: path.join(home, '.cache'),
      XDG_DATA_HOME: path.join(home, '.local/share'),
      TERM: 'dumb',
      NO_COLOR: '1',
      CI: '1',
      ...client.environment(origin, home),
    };
    const executable = path.join(options.clientsDirectory, 'node_modules/.bin', client.bin);
    await runHeadless(
      executable,
      client.args(fixture.prompt ?? prompt),
      path.join(repository, fixture.workingDirectory ?? '.'),
      environment,
    );
    return { requests: [...server.requests], repository };
  } finally {
    await server.close();
  }
}

/** Runs a CLI to its end (at most two minutes), its whole process group ended afterwards. */
function runHeadless(
  executable: string,
  args: string[],
  cwd: string,
  environment: Record<string, string>,
): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(executable, args, {
      cwd,
      env: environment,
      stdio: ['ignore', 'ignore', 'ignore'],
      detached: true,
    });
    const end = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(end, 120_000);
    child.on('exit', () => {
      clearTimeout(timer);
      end();
      resolve();
    });
    child.on('error', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** The scripted model: read the target once with the client's read tool, then answer. */
function nextTurn(request: RecordedRequest, repository: string, readIssued: boolean): ScriptedTurn {
  const body = JSON.stringify(request.body);
  if (readIssued || body.includes(readTargetText)) return { text: 'It exports the routes list.' };
  const call = readCall(request, path.join(repository, readTarget));
  if (call === undefined) return { text: 'It exports the routes list.' };
  return { toolCalls: [{ id: `call_read_${request.index}`, ...call }] };
}

interface ToolShape {
  name: string;
  properties: Record<string, { type?: unknown }>;
}

function toolsOf(request: RecordedRequest): ToolShape[] {
  const tools = Array.isArray(request.body.tools) ? (request.body.tools as Record<string, unknown>[]) : [];
  const shapes: ToolShape[] = [];
  const add = (name: unknown, schema: unknown) => {
    if (typeof name !== 'string') return;
    const properties = (schema as { properties?: ToolShape['properties'] } | undefined)?.properties ?? {};
    shapes.push({ name, properties });
  };
  for (const tool of tools) {
    if (Array.isArray(tool.functionDeclarations)) {
      for (const declaration of tool.functionDeclarations as Record<string, unknown>[]) {
        add(declaration.name, declaration.parametersJsonSchema ?? declaration.parameters);
      }
    } else if (tool.function !== undefined) {
      const fn = tool.function as Record<string, unknown>;
      add(fn.name, fn.parameters);
    } else {
      add(tool.name, tool.input_schema ?? tool.parameters);
    }
  }
  return shapes;
}

const readToolNames = ['Read', 'read_file', 'view', 'read'];
const pathParameters = ['file_path', 'absolute_path', 'filePath', 'path'];

function readCall(
  request: RecordedRequest,
  absolute: string,
): { name: string; input: Record<string, unknown> } | undefined {
  const tools = toolsOf(request);
  for (const name of readToolNames) {
    const tool = tools.find((candidate) => candidate.name === name);
    const parameter = pathParameters.find((candidate) => tool?.properties[candidate] !== undefined);
    if (tool !== undefined && parameter !== undefined) return { name, input: { [parameter]: absolute } };
  }
  const shell = tools.find((tool) =>
    ['exec_command', 'shell', 'run_shell_command', 'bash'].includes(tool.name),
  );
  if (shell === undefined) return undefined;
  const line = `cat ${readTarget}`;
  if (shell.properties.cmd !== undefined) return { name: shell.name, input: { cmd: line } };
  if (shell.properties.command?.type === 'array')
    return { name: shell.name, input: { command: ['bash', '-lc', line] } };
  return { name: shell.name, input: { command: line } };
}

/** A file the model is offered by name rather than given: a skill, or a command listed with the skills. */
export function isOffered(file: string): boolean {
  return file.endsWith('/SKILL.md') || file.includes('/commands/');
}

/** The requests of one run reduced to files: start, read, skills. */
export function readingOf(requests: readonly RecordedRequest[]): RecordedReading {
  const withTools = requests.filter((request) => toolsOf(request).length > 0);
  const first = withTools[0];
  if (first === undefined) return { start: [], read: null, skills: [] };
  const startMarkers = markersIn(JSON.stringify(first.body));
  const isSkill = isOffered;
  const start = startMarkers.map(fileOfMarker).filter((file) => !isSkill(file));
  const skills = startMarkers.map(fileOfMarker).filter(isSkill).sort();
  const afterRead = withTools.find((request) => JSON.stringify(request.body).includes(readTargetText));
  if (afterRead === undefined) return { start, read: null, skills };
  const known = new Set(startMarkers);
  const read = markersIn(JSON.stringify(afterRead.body))
    .filter((marker) => !known.has(marker))
    .map(fileOfMarker)
    .filter((file) => !isSkill(file));
  return { start, read, skills };
}

/**
 * The requests of one run over a hook fixture, reduced: the refusal markers new in the request that
 * follows the read (the assistant's second request with tools), and whether the file reached it.
 */
export function hookOutcomeOf(requests: readonly RecordedRequest[]): RecordedHookOutcome {
  const withTools = requests.filter((request) => toolsOf(request).length > 0);
  const [first, afterCall] = withTools;
  if (first === undefined || afterCall === undefined) return { blockedBy: [], targetReached: null };
  const known = new Set(markersIn(JSON.stringify(first.body)));
  const body = JSON.stringify(afterCall.body);
  return {
    blockedBy: markersIn(body)
      .filter((marker) => !known.has(marker))
      .map(fileOfMarker)
      .filter((file) => file.startsWith('reason-')),
    targetReached: body.includes(readTargetText),
  };
}

/** What a slash command did, as the assistant's requests and the repository show it. */
export interface RecordedCommandOutcome {
  /** Whether the assistant sent its model any request with tools (a refused command sends none). */
  modelCalled: boolean;
  /** Whether the file the command's shell line writes (`written.txt`) exists afterwards. */
  wroteFile: boolean;
  /** The markers of shell output that reached the model (`shell-echo-42`, `shell-touch-42`). */
  shellOutput: string[];
}

/** The committed commands table. */
export interface RecordedCommands {
  format: 'agent-context/assistant-commands';
  clients: Record<string, { packageName: string; version: string }>;
  readings: Record<string, Record<string, RecordedCommandOutcome>>;
}

/** The file the recorded commands table lives in. */
export const recordedCommandsFile = path.join(import.meta.dirname, 'recorded-commands.json');

/** Runs every client over the command fixtures: whether the command reached the model, and what its shell lines did. */
export async function recordAssistantCommands(options: {
  clientsDirectory: string;
  workDirectory: string;
  fixtures?: readonly ReadingFixture[];
  clients?: readonly AssistantClient[];
  log?: (line: string) => void;
}): Promise<RecordedCommands> {
  const table = await recordTable(options, commandOutcomeOf, commandFixtures);
  return { ...table, format: 'agent-context/assistant-commands' } as RecordedCommands;
}

/** One run over a command fixture, reduced. */
export async function commandOutcomeOf(
  requests: readonly RecordedRequest[],
  repository: string,
): Promise<RecordedCommandOutcome> {
  const withTools = requests.filter((request) => toolsOf(request).length > 0);
  const wroteFile = await fs
    .stat(path.join(repository, 'written.txt'))
    .then(() => true)
    .catch(() => false);
  return {
    modelCalled: withTools.length > 0,
    wroteFile,
    shellOutput: [...new Set(withTools.flatMap((request) => markersIn(JSON.stringify(request.body))))]
      .map(fileOfMarker)
      .filter((file) => file === 'shell-echo-42' || file === 'shell-touch-42'),
  };
}

/** Where the CLIs are installed by default: outside the repository, kept between recordings. */
export const defaultClientsDirectory = path.join(os.tmpdir(), 'agent-context-assistant-clis');
