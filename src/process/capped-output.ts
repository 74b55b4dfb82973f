import { truncationMarker, utf8HeadCutEnd } from '../text/cut-text.js';

/**
 * Collects one output stream of a child process: the first `maxBytes` are kept, the rest is read
 * and counted (so the child never blocks on a full pipe) but not stored.
 */
export class CappedOutput {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  /** Every byte the stream produced, kept or not. */
  total = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly label: string,
  ) {}

  add(chunk: Buffer): void {
    this.total += chunk.length;
    const room = this.maxBytes - this.kept;
    if (room <= 0) return;
    const part = chunk.length <= room ? chunk : chunk.subarray(0, room);
    this.chunks.push(part);
    this.kept += part.length;
  }

  /** Bytes read but not kept. */
  get omitted(): number {
    return this.total - this.kept;
  }

  /**
   * The kept bytes as UTF-8 text (invalid bytes become U+FFFD, a character cut in two by the cap
   * is left out whole), then, when something was omitted, a line with the truncation marker.
   */
  text(): string {
    let bytes = Buffer.concat(this.chunks);
    if (this.omitted === 0) return bytes.toString('utf8');
    bytes = bytes.subarray(0, utf8HeadCutEnd(bytes));
    const omitted = this.total - bytes.length;
    const body = bytes.toString('utf8');
    const separator = body === '' || body.endsWith('\n') ? '' : '\n';
    return `${body}${separator}${truncationMarker(this.label, { bytes: omitted })}`;
  }
}
