/**
 * Splits a byte stream into newline-terminated lines, with a cap on the bytes one line may buffer.
 * A line over the cap is discarded as it streams in (reported once through `onOversize`), so a server that
 * never sends a newline cannot grow mcpact's memory without bound.
 */
export class LineSplitter {
  onOversize?: (bytes: number) => void;
  private chunks: Buffer[] = [];
  private buffered = 0;
  private discarding = false;
  private discarded = 0;

  constructor(private readonly maxLineBytes: number) {}

  push(chunk: Buffer): string[] {
    const lines: string[] = [];
    let start = 0;
    for (let index = chunk.indexOf(0x0a); index !== -1; index = chunk.indexOf(0x0a, start)) {
      this.take(chunk.subarray(start, index));
      if (this.discarding) {
        this.onOversize?.(this.discarded);
      } else {
        lines.push(Buffer.concat(this.chunks, this.buffered).toString('utf8'));
      }
      this.reset();
      start = index + 1;
    }
    this.take(chunk.subarray(start));
    return lines;
  }

  private take(part: Buffer): void {
    if (part.length === 0) return;
    if (this.discarding) {
      this.discarded += part.length;
      return;
    }
    if (this.buffered + part.length > this.maxLineBytes) {
      this.discarding = true;
      this.discarded = this.buffered + part.length;
      this.chunks = [];
      this.buffered = 0;
      return;
    }
    this.chunks.push(part);
    this.buffered += part.length;
  }

  private reset(): void {
    this.chunks = [];
    this.buffered = 0;
    this.discarding = false;
    this.discarded = 0;
  }
}
