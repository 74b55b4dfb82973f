import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folders where feature engineers keep their own benchmark scripts (`*-benchmark.ts`). */
export const featureFolders = [
  'instructions',
  'nested',
  'rules',
  'inventory',
  'skills',
  'offload',
  'scan',
  'capabilities',
  'conversations',
];

/** What one feature script did. */
export interface FeatureScriptRun {
  script: string;
  exitCode: number | null;
  seconds: number;
  /** Where its output was saved. */
  output: string;
}

/**
 * Run each feature benchmark script (`bench/<feature>/*-benchmark.ts`) in its own Node process,
 * one after the other, and save what it printed to `<outputDirectory>/features/<script>.txt`. The
 * scripts measure one feature each in more depth than the comparisons (sizes, growth, memory); they
 * are opt-in (`--features`) because they take minutes. The environment is passed on, so
 * `AGENT_CONTEXT_BENCH_SOURCE` applies to them too.
 */
export function runFeatureScripts(outputDirectory: string): FeatureScriptRun[] {
  const benchDirectory = fileURLToPath(new URL('../../', import.meta.url));
  const target = join(outputDirectory, 'features');
  mkdirSync(target, { recursive: true });
  const runs: FeatureScriptRun[] = [];
  for (const folder of featureFolders) {
    const directory = join(benchDirectory, folder);
    if (!existsSync(directory)) continue;
    for (const name of readdirSync(directory)
      .filter((file) => file.endsWith('-benchmark.ts'))
      .sort()) {
      const script = `${folder}/${name}`;
      const started = Date.now();
      const child = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', script], {
        cwd: benchDirectory,
        encoding: 'utf8',
        env: process.env,
        maxBuffer: 64 * 1024 * 1024,
      });
      const output = join(target, `${name.replace(/\.ts$/, '')}.txt`);
      writeFileSync(output, `${child.stdout ?? ''}${child.stderr ? `\n[stderr]\n${child.stderr}` : ''}`);
      runs.push({ script, exitCode: child.status, seconds: (Date.now() - started) / 1_000, output });
    }
  }
  return runs;
}
