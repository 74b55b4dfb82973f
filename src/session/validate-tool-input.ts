import type { ToolDefinition, ToolInputSchema, ZodLikeSchema } from './capability.js';

/** True for a zod 4 schema (recognised by its `_zod` marker, so zod is not imported here). */
export function isZodSchema(schema: ToolInputSchema): schema is ZodLikeSchema {
  return (
    typeof schema === 'object' &&
    schema !== null &&
    '_zod' in schema &&
    typeof schema.safeParse === 'function'
  );
}

/** Result of {@link validateToolInput}. */
export type ToolInputValidation = { ok: true; input: unknown } | { ok: false; message: string };

/**
 * Check a call's input against a tool's zod schema, applying its defaults. JSON Schema input is
 * passed through unchanged: the framework validates it where it has a validator.
 */
export function validateToolInput(tool: ToolDefinition, input: unknown): ToolInputValidation {
  if (!isZodSchema(tool.inputSchema)) return { ok: true, input };
  const parsed = tool.inputSchema.safeParse(input);
  if (parsed.success) return { ok: true, input: parsed.data };
  return { ok: false, message: `Invalid input for ${tool.name}: ${describeIssues(parsed.error)}` };
}

function describeIssues(error: unknown): string {
  const issues = (error as { issues?: unknown } | undefined)?.issues;
  if (!Array.isArray(issues) || issues.length === 0) return String(error);
  return issues
    .map((issue: { path?: unknown; message?: unknown }) => {
      const path = Array.isArray(issue.path) && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
      return `${path}${String(issue.message)}`;
    })
    .join('; ');
}
