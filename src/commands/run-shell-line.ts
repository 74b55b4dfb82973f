import { runProcess } from '../process/run-process.js';
import type { Awaitable, ContextSessionLike } from '../session/capability.js';
import type { CommandSource } from './command.js';
import { describeShellFailure, renderShellOutput, shellNotRunMarker } from './shell-line-output.js';

/** One shell line of a command template, as it would run. */
export interface ShellLine {
  /** The line as it runs: the template's text, arguments substituted (each shell-quoted). */
  command: string;
  /** The command typed, without the slash. */
  name: string;
  /** Whose syntax the template uses (and so how the output is written into it). */
  format: CommandSource;
  /** Label of the command file (or the skill's `SKILL.md`). */
  source: string;
}

/** Which shell lines of command templates run: none, all, or the lines a function approves. */
export type CommandsRunOption =
  | boolean
  /** Called once per distinct line and command file per session (like a trust prompt); `true` runs it. */
  | ((line: ShellLine) => Awaitable<boolean>);

/** How the shell lines of one `commands()` capability run. */
export interface ShellLineSettings {
  /** The capability's name, for events. */
  capability: string;
  run: CommandsRunOption;
  timeoutSeconds: number;
  maxOutputBytes: number;
  /** Key of the per-session approvals (`session.state`). */
  owner: object;
}

/**
 * Run one shell line of a command template when the host allows it, and give the text that replaces
 * it. Not allowed (the default): `[shell command not run: CMD]` and a `skipped` event. Allowed: a
 * child process of `runProcess` (own process group, the workspace's working directory, the host's
 * environment, stdin closed, output capped, time limit, killed by `session.dispose()`), a
 * `shell-ran` event, a `shell-command-failed` warning when it fails, and its output written the way
 * the command's assistant does (see `renderShellOutput`). Never throws.
 */
export async function runShellLine(
  line: ShellLine,
  session: ContextSessionLike,
  settings: ShellLineSettings,
): Promise<string> {
  const about = `Command /${line.name}: the shell command \`${line.command}\``;
  const emit = (type: 'skipped' | 'shell-ran', message: string) =>
    session.emit({
      type,
      reason: 'command',
      capability: settings.capability,
      path: line.source,
      trigger: `/${line.name}`,
      message,
    });
  if (!(await allowed(line, session, settings))) {
    emit(
      'skipped',
      `${about} was not run: ${
        settings.run === false
          ? `shell lines are off (${settings.capability}({ run: true }) runs them)`
          : 'the host did not allow it'
      }.`,
    );
    return shellNotRunMarker(line.command);
  }
  const result = await runProcess({
    command: line.command,
    cwd: session.workspace.cwd,
    timeoutMs: settings.timeoutSeconds * 1000,
    maxOutputBytes: settings.maxOutputBytes,
    signal: session.signal,
  });
  const failure = describeShellFailure(result);
  emit('shell-ran', `${about} ${failure === undefined ? 'exited with 0' : `failed: ${failure}`}.`);
  if (failure !== undefined) {
    const message = `${about} failed (${failure}); its output and the failure are in the expanded text.`;
    session.emit({
      type: 'diagnostic',
      reason: 'command',
      capability: settings.capability,
      path: line.source,
      trigger: `/${line.name}`,
      message,
      diagnostic: { severity: 'warning', code: 'shell-command-failed', message, path: line.source },
    });
  }
  return renderShellOutput(result, line.format);
}

function allowed(
  line: ShellLine,
  session: ContextSessionLike,
  settings: ShellLineSettings,
): Promise<boolean> {
  const { run } = settings;
  if (typeof run === 'boolean') return Promise.resolve(run);
  const approvals = session.state(settings.owner, () => new Map<string, Promise<boolean>>(), {
    key: `${settings.capability}/approvals`,
    notSaved: "the host's approvals of shell lines are asked for again in a restored session",
  });
  const key = `${line.source}\0${line.command}`;
  let approval = approvals.get(key);
  if (approval === undefined) {
    approval = Promise.resolve()
      .then(() => run({ ...line }))
      .then((value) => value === true)
      .catch(() => false);
    approvals.set(key, approval);
  }
  return approval;
}
