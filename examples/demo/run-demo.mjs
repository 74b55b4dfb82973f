// Launcher of `npm run demo`: compiles the TypeScript demo with esbuild into a temporary file and
// runs it against the built package (`npm run build` first; `npm run demo` does both). The demo
// imports 'agent-context' and its adapters ('agent-context/ai-sdk', ...) like any project would;
// here they resolve to this repository's dist/. Nothing is written inside the repository.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
const builtPackage = {
  'agent-context': join(repositoryRoot, 'dist/index.js'),
  'agent-context/ai-sdk': join(repositoryRoot, 'dist/ai-sdk.js'),
  'agent-context/mastra': join(repositoryRoot, 'dist/mastra.js'),
  'agent-context/openai-agents': join(repositoryRoot, 'dist/openai-agents.js'),
};

if (!Object.values(builtPackage).every((file) => existsSync(file))) {
  console.error('The package is not built. Run `npm run demo` (it builds first) or `npm run build`.');
  process.exit(1);
}

/** Bare imports stay imports, pointed at absolute files so the compiled demo can live anywhere. */
const resolvePackages = {
  name: 'resolve-packages',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (isBuiltin(args.path)) return { path: args.path, external: true };
      const file = builtPackage[args.path];
      return { path: file ? pathToFileURL(file).href : import.meta.resolve(args.path), external: true };
    });
  },
};

const scratch = await mkdtemp(join(tmpdir(), 'agent-context-demo-build-'));
let exitCode = 1;
try {
  const outfile = join(scratch, 'demo.mjs');
  await build({
    entryPoints: [join(repositoryRoot, 'examples/demo/demo.ts')],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'error',
    plugins: [resolvePackages],
  });
  const { runDemo } = await import(pathToFileURL(outfile).href);
  exitCode = await runDemo({
    repositoryRoot,
    argv: process.argv.slice(2),
    env: process.env,
    write: (line) => process.stdout.write(`${line}\n`),
  });
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
} finally {
  await rm(scratch, { recursive: true, force: true });
}
process.exitCode = exitCode;
