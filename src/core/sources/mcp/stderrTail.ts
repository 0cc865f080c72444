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

  /** The last line. */
  get last(): string | undefined {
    return this.tail.at(-1);
  }

  /**
   * The line that says what went wrong, for one-line error messages: the last
   * error line (`Error: Cannot find module …`, `ModuleNotFoundError: …`),
   * else the last line that is not a stack frame, a caret, a brace or the
   * `Node.js v20.20.2` trailer Node prints after an uncaught error.
   */
  get headline(): string | undefined {
    return stderrHeadline(this.tail);
  }
}

/** Lines around an uncaught error that say nothing of their own. */
const NOISE = [
  /^at\s/, // a stack frame
  /^Node\.js v\d/, // Node's version trailer
  /^\^+$/, // the caret under the throwing line
  /^[{}[\]()]+,?$/,
  /^throw\b/,
  /^node:internal\//,
  /^Require stack:$/,
  /^- \//, // a require stack entry
  /^[\w$]+: .*,$/, // a property of the printed error object (`code: 'MODULE_NOT_FOUND',`)
];
const ERROR_LINE = /^(?:[\w$.]*(?:Error|Exception)\b|error\b|fatal\b|panic\b)/i;

/** The meaningful line of a stderr tail (see `StderrTail.headline`). */
export function stderrHeadline(lines: readonly string[]): string | undefined {
  const trimmed = lines.map((l) => l.trim()).filter((l) => l !== '');
  for (let i = trimmed.length - 1; i >= 0; i--) {
    const l = trimmed[i] as string;
    if (ERROR_LINE.test(l)) {
      return l;
    }
  }
  for (let i = trimmed.length - 1; i >= 0; i--) {
    const l = trimmed[i] as string;
    if (!NOISE.some((re) => re.test(l))) {
      return l;
    }
  }
  return trimmed.at(-1);
}
