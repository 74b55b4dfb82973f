/** A table as printed on the terminal and in bench/README.md. */
export interface Table {
  columns: string[];
  rows: string[][];
}

/** Render a table as aligned plain text for the terminal. */
export function formatTable(table: Table): string {
  const widths = table.columns.map((column, index) =>
    Math.max(column.length, ...table.rows.map((row) => (row[index] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, index) =>
        index === 0 ? cell.padEnd(widths[index] ?? 0) : cell.padStart(widths[index] ?? 0),
      )
      .join('  ');
  return [
    line(table.columns),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...table.rows.map(line),
  ].join('\n');
}

/** Render a table as GitHub Markdown (first column left-aligned, the others right-aligned). */
export function formatMarkdownTable(table: Table): string {
  const escapeCell = (cell: string) => cell.replaceAll('|', '\\|');
  return [
    `| ${table.columns.map(escapeCell).join(' | ')} |`,
    `|${table.columns.map((_, index) => (index === 0 ? ' --- ' : ' ---: ')).join('|')}|`,
    ...table.rows.map((row) => `| ${row.map(escapeCell).join(' | ')} |`),
  ].join('\n');
}

/** Format a number for a table: thousands separated, at most `digits` significant digits. */
export function formatNumber(value: number | undefined, digits = 3): string {
  if (value === undefined || Number.isNaN(value)) return 'n/a';
  if (value === 0) return '0';
  const rounded = Math.abs(value) >= 10 ** digits ? Math.round(value) : Number(value.toPrecision(digits));
  return rounded.toLocaleString('en-US', { maximumFractionDigits: 6 });
}

/** Format a ratio as `2.5x`. */
export function formatRatio(value: number | undefined): string {
  if (value === undefined || !Number.isFinite(value)) return 'n/a';
  return `${formatNumber(value, value >= 10 ? 3 : 2)}x`;
}
