import { describe, expect, it } from 'vitest';
import { planRepository } from '../../generator/plan-repository.js';
import { commandOutput, commandToolName, planCodingSession } from './coding-session-script.js';

const plan = planRepository({
  seed: 303,
  packages: 6,
  directories: 120,
  instructionFiles: 24,
  otherFiles: 600,
});

describe('planCodingSession', () => {
  it('has one turn per model call, tool calls with unique ids, and a final text answer', () => {
    const turns = planCodingSession(plan, 60);
    expect(turns).toHaveLength(60);
    expect(turns.at(-1)?.text).toBeTruthy();
    const ids = turns.flatMap((turn) => turn.toolCalls?.map((call) => call.id) ?? []);
    expect(new Set(ids).size).toBe(59);
  });

  it('runs the test command every tenth call and touches only planned paths otherwise', () => {
    const known = new Set([...plan.otherFiles, ...plan.sourceDirectories]);
    for (const [index, turn] of planCodingSession(plan, 60).slice(0, -1).entries()) {
      const call = turn.toolCalls?.[0];
      if (index % 10 === 4) expect(call?.name).toBe(commandToolName);
      else expect(known.has(String(call?.input.path)), String(call?.input.path)).toBe(true);
    }
  });

  it('gives the test command a deterministic output of 25,000 to 60,000 characters', () => {
    const output = commandOutput('npm test -- --shard 4');
    expect(commandOutput('npm test -- --shard 4')).toBe(output);
    expect(output.length).toBeGreaterThan(25_000);
    expect(output.length).toBeLessThan(60_200);
  });
});
