import { describe, expect, it } from 'vitest';
import { planRepository } from './plan-repository.js';

const shape = {
  seed: 9,
  packages: 5,
  directories: 80,
  instructionFiles: 20,
  otherFiles: 400,
  skills: 9,
  agents: 4,
};

describe('planRepository', () => {
  it('plans the same repository, byte for byte, from the same seed', () => {
    const first = planRepository(shape);
    const second = planRepository(shape);
    expect([...second.files]).toEqual([...first.files]);
    expect(second.directories).toEqual(first.directories);
  });

  it('plans a different repository from another seed', () => {
    const first = planRepository(shape);
    const other = planRepository({ ...shape, seed: 10 });
    expect(other.instructionFiles).not.toEqual(first.instructionFiles);
  });

  it('has exactly the requested numbers of directories, instruction files and other files', () => {
    const plan = planRepository(shape);
    expect(plan.sourceDirectories).toHaveLength(80);
    expect(plan.instructionFiles).toHaveLength(20);
    expect(plan.otherFiles).toHaveLength(400);
    expect(new Set(plan.otherFiles).size).toBe(400);
    expect(plan.skills).toHaveLength(9);
    expect(plan.agents).toHaveLength(4);
    for (const path of [...plan.instructionFiles, ...plan.otherFiles, ...plan.skills, ...plan.agents]) {
      expect(plan.files.has(path)).toBe(true);
    }
  });

  it('puts nested instruction files only at the chosen depths, never at the root or in packages/', () => {
    const plan = planRepository({ ...shape, instructionDepths: [3, 5] });
    expect(plan.instructionFiles.length).toBeGreaterThan(0);
    for (const path of plan.instructionFiles) {
      expect([3, 5]).toContain(path.split('/').length - 1);
    }
  });

  it('keeps every directory within maxDepth and every file inside a planned directory', () => {
    const plan = planRepository({ ...shape, maxDepth: 4 });
    const directories = new Set(['', ...plan.directories]);
    for (const directory of plan.sourceDirectories)
      expect(directory.split('/').length).toBeLessThanOrEqual(4);
    for (const path of plan.files.keys()) {
      const parent = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
      expect(directories.has(parent), path).toBe(true);
    }
  });

  it('writes imports that point at shared documents which exist', () => {
    const plan = planRepository({ ...shape, importShare: 1 });
    for (const path of plan.instructionFiles) {
      const match = /@((?:\.\.\/)+)(docs\/guide-\d+\.md)/.exec(plan.files.get(path) ?? '');
      expect(match, path).not.toBeNull();
      expect(match?.[1]).toBe('../'.repeat(path.split('/').length - 1));
      expect(plan.files.has(match?.[2] ?? '')).toBe(true);
    }
  });

  it('refuses a shape with fewer directories than packages', () => {
    expect(() => planRepository({ packages: 10, directories: 5 })).toThrow(/directories/);
  });
});
