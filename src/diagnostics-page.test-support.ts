import { diagnosticCodes } from './diagnostic-codes.js';
import { errorCodes } from './error-codes.js';

/** A table cell: pipes escaped, so a meaning may name `a | b`. */
const cell = (text: string) => text.replaceAll('|', '\\|');

/** The whole text of docs/diagnostics.md, written from the two catalogues. */
export function renderDiagnosticsPage(): string {
  const lines = [
    '# Diagnostics and errors',
    '',
    '<!-- Written from src/diagnostic-codes.ts and src/error-codes.ts: edit those, then run',
    '     `UPDATE_DOCS=1 npx vitest run src/diagnostic-codes.test.ts`. -->',
    '',
    'agent-context reports a problem with one input as a **diagnostic** and goes on: loaders return',
    '`{ items, diagnostics }`, a session sends it as an event (`event.diagnostic`), `session.describe()`',
    'lists it, and the CLI prints it as `severity: path: message [code]`. Only a caller mistake or a',
    'refused operation **throws**, always an `AgentContextError` whose `code` is one of the error codes',
    'below. Both lists are complete: a code that is not here is never reported, and TypeScript knows',
    'them as `DiagnosticCode` and `AgentContextErrorCode`.',
    '',
    'Severity: `error`, something was not loaded; `warning`, loaded but changed (cut, replaced) or',
    'likely a mistake; `info`, worth knowing (a duplicate skipped). A code listed with two severities',
    'is reported with the first in most places, and the message says which case it is.',
    '',
    '## Diagnostic codes',
    '',
    '| code | severity | meaning | fix |',
    '|---|---|---|---|',
    ...Object.entries(diagnosticCodes).map(
      ([code, entry]) =>
        `| \`${code}\` | ${entry.severity.join(', ')} | ${cell(entry.meaning)} | ${cell(entry.fix)} |`,
    ),
    '',
    '## Error codes',
    '',
    '```ts',
    "import { isAgentContextError, localWorkspace } from 'agent-context';",
    '',
    "const workspace = localWorkspace('examples/demo-repo');",
    'try {',
    "  await workspace.readFile('../secret.txt');",
    '} catch (error) {',
    '  if (isAgentContextError(error)) console.log(error.code);',
    '}',
    '```',
    '',
    'prints',
    '',
    '```text',
    'path-outside-workspace',
    '```',
    '',
    '| code | meaning | fix |',
    '|---|---|---|',
    ...Object.entries(errorCodes).map(
      ([code, entry]) => `| \`${code}\` | ${cell(entry.meaning)} | ${cell(entry.fix)} |`,
    ),
    '',
  ];
  return lines.join('\n');
}
