#!/bin/sh
# Refuse edits to generated migrations (PreToolUse hook for Edit and Write).
if grep -q '"file_path": *"[^"]*packages/api/drizzle/' ; then
  echo "packages/api/drizzle/ is generated: change the schema and run npm run generate instead." >&2
  exit 2
fi
