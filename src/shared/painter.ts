/** ANSI styling for terminal output, or identity functions when colour is off. */
export interface Painter {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
}

/** A {@link Painter} that colours only when `color` is true. */
export function painter(color: boolean): Painter {
  const style = (open: number, close: number) => (text: string) =>
    color ? `\u001b[${open}m${text}\u001b[${close}m` : text;
  return {
    bold: style(1, 22),
    dim: style(2, 22),
    red: style(31, 39),
    yellow: style(33, 39),
    cyan: style(36, 39),
  };
}
