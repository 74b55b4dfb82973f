import type { RepositoryPlan } from '../../generator/plan-repository.js';
import { createRandom } from '../../random.js';

/** One scripted model response: tool calls, or the final text. */
export interface CodingTurn {
  text?: string;
  toolCalls?: Array<{ id: string; name: string; input: Record<string, unknown> }>;
}

/** The host tool of the session whose outputs are large (test runs): name and output by call. */
export const commandToolName = 'run_command';

/**
 * A scripted coding session of `calls` model calls over a planned repository: the model reads files
 * and lists directories (mostly within one package, moving on now and then, so nested instruction
 * files are discovered all along), and runs the test command every tenth call, whose output is
 * 25,000 to 60,000 characters (offloaded by default). The last call answers with text. The same
 * seed gives the same script, so every configuration sees the same session.
 */
export function planCodingSession(plan: RepositoryPlan, calls: number, seed = 11): CodingTurn[] {
  const random = createRandom(seed);
  const packages = plan.sourceDirectories.filter((directory) => directory.split('/').length === 2);
  const filesIn = (prefix: string) => plan.otherFiles.filter((path) => path.startsWith(`${prefix}/`));
  const directoriesIn = (prefix: string) =>
    plan.sourceDirectories.filter((path) => path.startsWith(`${prefix}/`));
  let current = random.pick(packages);
  const turns: CodingTurn[] = [];
  for (let index = 0; index < calls - 1; index += 1) {
    const id = `toolu_${String(index).padStart(3, '0')}`;
    if (index % 10 === 4) {
      turns.push({
        toolCalls: [{ id, name: commandToolName, input: { command: `npm test -- --shard ${index}` } }],
      });
      continue;
    }
    if (random.chance(0.2)) current = random.pick(packages);
    const directories = directoriesIn(current);
    const files = filesIn(current);
    if (random.chance(0.2) && directories.length > 0) {
      turns.push({ toolCalls: [{ id, name: 'list_directory', input: { path: random.pick(directories) } }] });
    } else if (files.length > 0) {
      turns.push({ toolCalls: [{ id, name: 'read_file', input: { path: random.pick(files) } }] });
    } else {
      turns.push({ toolCalls: [{ id, name: 'list_directory', input: { path: current } }] });
    }
  }
  turns.push({ text: 'The failing tests are fixed.' });
  return turns;
}

/** The deterministic output of the test command for one call: 25,000 to 60,000 characters. */
export function commandOutput(command: string): string {
  const random = createRandom(
    [...command].reduce((hash, character) => (hash * 31 + character.charCodeAt(0)) >>> 0, 7),
  );
  const size = random.integer(25_000, 60_000);
  const lines: string[] = [`$ ${command}`];
  let length = 0;
  for (let index = 0; length < size; index += 1) {
    const line = `  ✓ packages/pkg-${random.integer(0, 11)} › case ${index} (${random.integer(1, 400)} ms)`;
    lines.push(line);
    length += line.length + 1;
  }
  lines.push('Tests: 1 failed', 'FAIL packages/pkg-003/src/parser.test.ts › keeps CRLF');
  return lines.join('\n');
}
