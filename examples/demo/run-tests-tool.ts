import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tool } from 'ai';
import { z } from 'zod';

const suites = ['cart', 'checkout', 'customers', 'inventory', 'orders', 'payments', 'products', 'shipping'];
const verbs = ['accepts', 'rejects', 'lists', 'updates', 'totals', 'rounds', 'validates', 'paginates'];
const subjects = [
  'a valid body',
  'a negative quantity',
  'an empty cart',
  'prices in cents',
  'a missing id',
  'two currencies',
];

/** What the demo's `run_tests` host tool says of itself, in every framework. */
export const runTestsDescription =
  'Run the test suite of one workspace package (e.g. packages/api) and return the verbose log.';

/** The input of `run_tests`. */
export const runTestsInput = z.object({
  workspace: z.string().describe('Package directory, e.g. packages/api'),
});

/**
 * A host tool of the demo: a simulated test runner for the example repository (which has no real
 * test setup). Its verbose log is long (about 25,000 characters), so agent-context offloads it to a
 * file and the transcript keeps a preview. One test fails until `GET /products/:id` exists: its
 * details sit in the middle of the log, where only a read-back finds them.
 */
export async function runTests(repository: string, workspace: string): Promise<string> {
  const route = await readFile(join(repository, 'packages/api/src/routes/products.ts'), 'utf8').catch(
    () => '',
  );
  return testLog(workspace, route.includes("'/:id'"));
}

/** `run_tests` as an AI SDK tool. */
export function runTestsTool(repository: string) {
  return tool({
    description: runTestsDescription,
    inputSchema: runTestsInput,
    execute: ({ workspace }) => runTests(repository, workspace),
  });
}

function testLog(workspace: string, routeExists: boolean): string {
  const lines = [` RUN  v3.2.4 /harbor/${workspace}`, ''];
  let failureLine = 0;
  let passed = 0;
  for (const [index, suite] of suites.entries()) {
    for (let test = 0; test < 36; test += 1) {
      const name = `${verbs[(index + test) % verbs.length]} ${subjects[test % subjects.length]} (case ${test + 1})`;
      lines.push(` ✓ src/routes/${suite}.test.ts > ${suite} > ${name} ${2 + ((index * 7 + test) % 9)}ms`);
      passed += 1;
    }
    if (suite === 'products' && !routeExists) {
      lines.push(' × src/routes/products.test.ts > products > answers 404 for an unknown product id 4ms');
      failureLine = lines.length;
      lines.push(
        '   → expected 404 "Not Found", got 404 from the router itself: no handler for GET /api/products/:id',
        '   ❯ src/routes/products.test.ts:41:32',
        "       39|   it('answers 404 for an unknown product id', async () => {",
        "       40|     const response = await app.request('/api/products/nope');",
        '     > 41|     expect(await response.json()).toEqual({ error: { code: "not_found", message: "No product nope" } });',
        '       42|   });',
      );
    }
  }
  const failed = failureLine === 0 ? 0 : 1;
  lines.push(
    '',
    ` Test Files  ${failed > 0 ? `${failed} failed | ${suites.length - 1} passed` : `${suites.length} passed`} (${suites.length})`,
    `      Tests  ${failed > 0 ? `${failed} failed | ${passed} passed` : `${passed} passed`} (${passed + failed})`,
    '   Duration  1.84s',
  );
  if (failed > 0) lines.push(` Failures: 1 (details above, at line ${failureLine})`);
  return `${lines.join('\n')}\n`;
}
