import { type ParseArgsConfig, parseArgs } from 'node:util';
import { describeError } from '../errors.js';
import { CliUsageError } from './command.js';

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;

/** What {@link parseCommandArguments} returns: `parseArgs` results typed by the options given. */
export type ParsedCommandArguments<Options extends OptionsConfig> = ReturnType<
  typeof parseArgs<{ args: string[]; options: Options; allowPositionals: true; strict: true }>
>;

/**
 * Parse a subcommand's arguments strictly (unknown options are errors) with `node:util` `parseArgs`,
 * turning every parse failure into a `CliUsageError`, so `main` prints it as one line and exits 1.
 *
 * @param maxPositionals more positional arguments than this is a usage error. Default: no limit.
 */
export function parseCommandArguments<const Options extends OptionsConfig>(
  args: string[],
  options: Options,
  maxPositionals = Number.POSITIVE_INFINITY,
) {
  let parsed: ReturnType<
    typeof parseArgs<{ args: string[]; options: Options; allowPositionals: true; strict: true }>
  >;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CliUsageError(describeError(error));
  }
  if (parsed.positionals.length > maxPositionals) {
    const what = maxPositionals === 1 ? 'one directory' : `${maxPositionals} arguments`;
    throw new CliUsageError(`expected at most ${what}, got ${parsed.positionals.length}`);
  }
  return parsed;
}
