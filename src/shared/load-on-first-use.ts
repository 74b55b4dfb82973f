import { createRequire } from 'node:module';
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
let requireDependency: NodeRequire | undefined;

function onFirstUse<Module>(name: string): () => Module {
  let loaded: Module | undefined;
  return () => {
    requireDependency ??= createRequire(
      import.meta.url.startsWith('file:') ? import.meta.url : `${pathToFileURL(process.cwd()).href}/`,
    );
    loaded ??= requireDependency(name) as Module;
    return loaded;
  };
}

/** The `yaml` package, loaded when a frontmatter block first needs the YAML parser. */
export const yamlPackage: () => typeof Yaml = onFirstUse('yaml');

/** The `smol-toml` package, loaded when a TOML file is first read. */
export const tomlPackage: () => typeof SmolToml = onFirstUse('smol-toml');

/** The `re2js` package (linear-time regular expressions), loaded when `search_files` first compiles a pattern. */
export const re2jsPackage: () => typeof Re2js = onFirstUse('re2js');

/** The `zod` package, loaded when a tool's input schema is first built. */
export const zodPackage: () => typeof Zod = onFirstUse('zod');

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
