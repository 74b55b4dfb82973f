import { type ParseArgsConfig, parseArgs } from 'node:util';
import { describeError } from '../adapter-kit.js';
import { CliUsageError } from './command.js';

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;

/** What {@link parseCommandArguments} returns: `parseArgs` results typed by the options given. */
export type ParsedCommandArguments<Options extends OptionsConfig> = ReturnType<
  typeof parseArgs<{ args: string[]; options: Options; allowPositionals: true; strict: true }>
>;

/**
 * Parse a subcommand's arguments strictly (unknown options are errors) with `node:util` `parseArgs`,
 * turning every parse failure into a `CliUsageError` of one clean line naming the option, so `main`
 * prints it with a `--help` pointer and exits 2. A value that starts with a dash (`--max-chars -5`)
 * is taken as the option's value, for the command's own check to name what the option takes.
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
    parsed = parseArgs({
      args: joinDashValues(args, options),
      options,
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new CliUsageError(usageMessage(error, options));
  }
  if (parsed.positionals.length > maxPositionals) {
    const what = maxPositionals === 1 ? 'one directory' : `${maxPositionals} arguments`;
    throw new CliUsageError(`expected at most ${what}, got ${parsed.positionals.length}`);
  }
  return parsed;
}

/** `--name -5` becomes `--name=-5` for options that take a value, so the value reaches the command's check. */
function joinDashValues(args: string[], options: OptionsConfig): string[] {
  const joined: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    if (arg === '--') {
      joined.push(...args.slice(index));
      break;
    }
    const next = args[index + 1];
    const name = arg.startsWith('--') ? arg.slice(2) : undefined;
    if (name !== undefined && options[name]?.type === 'string' && next !== undefined && /^-./.test(next)) {
      joined.push(`${arg}=${next}`);
      index += 1;
    } else {
      joined.push(arg);
    }
  }
  return joined;
}

/** One line for a `parseArgs` failure: which option, and what it takes. */
function usageMessage(error: unknown, options: OptionsConfig): string {
  const code = (error as { code?: string }).code;
  const text = describeError(error);
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const option = /'([^']+)'/.exec(text)?.[1] ?? 'option';
    return `unknown option ${option}`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const name = Object.keys(options).find((key) => text.includes(`--${key}`));
    if (name !== undefined) {
      return options[name]?.type === 'string' ? `--${name} needs a value` : `--${name} takes no value`;
    }
  }
  return text.split('\n', 1)[0] ?? text;
}
