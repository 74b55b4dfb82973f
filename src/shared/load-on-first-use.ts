import { pathToFileURL } from 'node:url';
import type * as Re2js from 're2js';
import type * as SmolToml from 'smol-toml';
import type * as Yaml from 'yaml';
import type * as Zod from 'zod';

// The parsers and the schema library are loaded the first time a feature needs them, not when the
// package is imported: a run over a repository of plain Markdown files never parses YAML or TOML,
// and `agent-context --help` needs none of them. All three ship a CommonJS build, so the first use
// stays synchronous.
// The require function is made on first use too: where this code runs from something that is not a
// file (an authored capability bundled into a `data:` URL), merely importing it must not throw, and a
// dependency is then resolved from the working directory.
// Each package is named by a literal `require('name')`, so tools that trace a deployment's files
// (such as @vercel/nft) find them; a bundler that follows only `import` must be told to keep them
// (see docs/limits.md).
let dependencyRequire: NodeRequire | undefined;

function requireFromHere(): NodeRequire {
  dependencyRequire ??= process
    .getBuiltinModule('node:module')
    .createRequire(
      import.meta.url.startsWith('file:') ? import.meta.url : `${pathToFileURL(process.cwd()).href}/`,
    );
  return dependencyRequire;
}

function onFirstUse<Module>(load: (require: NodeRequire) => unknown): () => Module {
  let loaded: Module | undefined;
  return () => {
    loaded ??= load(requireFromHere()) as Module;
    return loaded;
  };
}

/**
 * `node:crypto`, loaded when a first digest or random name is made: importing it costs a few
 * milliseconds (a dozen internal modules) that a run which hashes nothing should not pay.
 */
export const cryptoModule = (): typeof import('node:crypto') => process.getBuiltinModule('node:crypto');

/**
 * `node:child_process`, loaded when a first process starts (a hook, a shell line, a validation
 * child): it brings in the network modules, which importing the package should not load.
 */
export const childProcessModule = (): typeof import('node:child_process') =>
  process.getBuiltinModule('node:child_process');

/** The `yaml` package, loaded when a frontmatter block first needs the YAML parser. */
export const yamlPackage: () => typeof Yaml = onFirstUse((require) => require('yaml'));

/** The `smol-toml` package, loaded when a TOML file is first read. */
export const tomlPackage: () => typeof SmolToml = onFirstUse((require) => require('smol-toml'));

/** The `re2js` package (linear-time regular expressions), loaded when `search_files` first compiles a pattern. */
export const re2jsPackage: () => typeof Re2js = onFirstUse((require) => require('re2js'));

/** The `zod` package, loaded when a tool's input schema is first built. */
export const zodPackage: () => typeof Zod = onFirstUse((require) => require('zod'));

/**
 * A tool input schema built with zod the first time it is asked for, then the same object every time
 * (so a run's tool definitions are stable).
 */
export function zodSchemaOnFirstUse<Schema>(build: (z: typeof Zod.z) => Schema): () => Schema {
  let schema: Schema | undefined;
  return () => {
    schema ??= build(zodPackage().z);
    return schema;
  };
}
