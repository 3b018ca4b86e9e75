// Buffered line writer over fs.createWriteStream: lines are encoded straight into 1 MB buffers
// (so line strings die young and the garbage collector stays idle) and full buffers go out on
// `flushIfFull`, which waits for 'drain' when the stream is behind: memory stays flat at any size.
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';

const CHUNK_BYTES = 1 << 20;

export class TextWriter {
  /** Lines written so far (header and comment lines included). */
  lines = 0;
  private readonly stream: WriteStream;
  private buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  private offset = 0;
  private readonly full: Buffer[] = [];
  private failure?: Error;

  constructor(readonly path: string) {
    this.stream = createWriteStream(path);
    // Kept and rethrown by the next write or close, instead of crashing the process.
    this.stream.on('error', (error) => (this.failure ??= error));
  }

  /** Adds one line (without its newline). Call `flushIfFull` now and then. */
  line(text: string): void {
    this.lines++;
    const worstCase = 3 * text.length + 1;
    if (this.offset + worstCase > this.buffer.length) this.rotate(worstCase);
    this.offset += this.buffer.write(text, this.offset, 'utf8');
    this.buffer[this.offset++] = 10;
  }

  row(cells: readonly (string | number)[]): void {
    this.line(cells.join('\t'));
  }

  async flushIfFull(): Promise<void> {
    while (this.full.length > 0) await this.write(this.full.shift()!);
  }

  async close(): Promise<void> {
    await this.flushIfFull();
    if (this.offset > 0) await this.write(this.buffer.subarray(0, this.offset));
    this.stream.end();
    await finished(this.stream);
    if (this.failure) throw this.failure;
  }

  abort(): void {
    this.stream.destroy();
  }

  private rotate(atLeast: number): void {
    if (this.offset > 0) this.full.push(this.buffer.subarray(0, this.offset));
    this.buffer = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, atLeast));
    this.offset = 0;
  }

  private async write(chunk: Buffer): Promise<void> {
    if (this.failure) throw this.failure;
    if (!this.stream.write(chunk)) await once(this.stream, 'drain');
  }
}
