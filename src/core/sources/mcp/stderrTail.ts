import type { Stream } from 'node:stream';

/**
 * Keeps the last lines a stdio server wrote to stderr. Reading the stream
 * also keeps a chatty server from blocking on a full pipe.
 */
export class StderrTail {
  private readonly lines: string[] = [];
  private partial = '';

  constructor(private readonly max = 20, private readonly maxLineChars = 500) {}

  attach(stream: Stream | null): void {
    stream?.on('data', (chunk: Buffer | string) => this.push(chunk.toString()));
  }

  push(text: string): void {
    const parts = (this.partial + text).split(/\r?\n/);
    this.partial = parts.pop() ?? '';
    if (this.partial.length > this.maxLineChars * 4) {
      parts.push(this.partial);
      this.partial = '';
    }
    for (const p of parts) {
      if (p.trim() !== '') {
        this.lines.push(p.length > this.maxLineChars ? `${p.slice(0, this.maxLineChars)}…` : p);
      }
    }
    if (this.lines.length > this.max) {
      this.lines.splice(0, this.lines.length - this.max);
    }
  }

  get tail(): string[] {
    const out = [...this.lines];
    if (this.partial.trim() !== '') {
      out.push(this.partial.slice(0, this.maxLineChars));
    }
    return out.slice(-this.max);
  }

  /** The last line, for one-line error messages. */
  get last(): string | undefined {
    return this.tail.at(-1);
  }
}
