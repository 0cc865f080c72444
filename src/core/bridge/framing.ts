/**
 * The bridge's own channel: length-prefixed JSON frames on a pipe (4-byte
 * unsigned big-endian byte length, then that many bytes of UTF-8 JSON).
 *
 * Why not Node's `process.send` IPC: that channel also carries Node's
 * internal messages (`NODE_HANDLE`, `NODE_HANDLE_ACK`, ...), which the
 * parent's child_process code acts on before any of ours sees them; one
 * forged internal message from a compromised child crashed the host. On a
 * plain pipe the worst a child can send is bytes, and this reader refuses
 * any that are not a bounded frame of JSON.
 */

export const FRAME_HEADER_BYTES = 4;

export interface FrameBounds {
  /** Largest JSON body of one frame, in bytes. */
  maxFrameBytes: number;
  /** Bytes the peer may send over the channel's whole life; past it the channel is refused. */
  maxTotalBytes: number;
}

/** Child -> host: the largest frame is a result or probe report (a result is capped far below this by the child). */
export const CHILD_FRAME_BOUNDS: Readonly<FrameBounds> = { maxFrameBytes: 8 * 1024 * 1024, maxTotalBytes: 256 * 1024 * 1024 };

/** Host -> child: bridge replies are capped by `maxReplyChars` before they are framed. */
export const HOST_FRAME_BOUNDS: Readonly<FrameBounds> = { maxFrameBytes: 16 * 1024 * 1024, maxTotalBytes: 1024 * 1024 * 1024 };

/** One frame for `message` (JSON-serialized here). */
export function encodeFrame(message: unknown): Buffer {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  const frame = Buffer.allocUnsafe(FRAME_HEADER_BYTES + body.length);
  frame.writeUInt32BE(body.length, 0);
  body.copy(frame, FRAME_HEADER_BYTES);
  return frame;
}

export type FrameResult = { ok: true; messages: unknown[] } | { ok: false; problem: string; messages: unknown[] };

/**
 * Reads frames from a byte stream. Once it has refused something it
 * refuses everything after (a channel that broke the protocol is not read
 * again), so a caller can kill the peer on the first problem.
 */
export class FrameReader {
  private readonly chunks: Buffer[] = [];
  private buffered = 0;
  private total = 0;
  private refused: string | undefined;

  constructor(private readonly bounds: FrameBounds) {}

  /** Whether the reader refused the stream (and why). */
  get problem(): string | undefined {
    return this.refused;
  }

  push(chunk: Buffer): FrameResult {
    const messages: unknown[] = [];
    if (this.refused) {
      return { ok: false, problem: this.refused, messages };
    }
    this.total += chunk.length;
    if (this.total > this.bounds.maxTotalBytes) {
      return this.refuse(`sent more than ${this.bounds.maxTotalBytes} bytes`, messages);
    }
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    for (;;) {
      if (this.buffered < FRAME_HEADER_BYTES) {
        return { ok: true, messages };
      }
      const length = this.peekLength();
      if (length > this.bounds.maxFrameBytes) {
        return this.refuse(`announced a frame of ${length} bytes; the limit is ${this.bounds.maxFrameBytes}`, messages);
      }
      if (this.buffered < FRAME_HEADER_BYTES + length) {
        return { ok: true, messages };
      }
      this.take(FRAME_HEADER_BYTES);
      const body = this.take(length);
      let value: unknown;
      try {
        // `fatal` UTF-8: a frame that is not valid UTF-8 is refused, never repaired.
        value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
      } catch (err) {
        return this.refuse(`sent a frame that is not UTF-8 JSON (${err instanceof Error ? err.message.slice(0, 200) : 'unreadable'})`, messages);
      }
      messages.push(value);
    }
  }

  private refuse(problem: string, messages: unknown[]): FrameResult {
    this.refused = problem;
    this.chunks.length = 0;
    this.buffered = 0;
    return { ok: false, problem, messages };
  }

  private peekLength(): number {
    const first = this.chunks[0];
    if (first && first.length >= FRAME_HEADER_BYTES) {
      return first.readUInt32BE(0);
    }
    return Buffer.concat(this.chunks, FRAME_HEADER_BYTES).readUInt32BE(0);
  }

  /** Removes and returns the first `n` buffered bytes (copying only when they span chunks). */
  private take(n: number): Buffer {
    this.buffered -= n;
    const first = this.chunks[0];
    if (first && first.length >= n) {
      const out = first.subarray(0, n);
      if (first.length === n) {
        this.chunks.shift();
      } else {
        this.chunks[0] = first.subarray(n);
      }
      return out;
    }
    const out = Buffer.allocUnsafe(n);
    let at = 0;
    while (at < n) {
      const c = this.chunks[0] as Buffer;
      const part = Math.min(c.length, n - at);
      c.copy(out, at, 0, part);
      at += part;
      if (part === c.length) {
        this.chunks.shift();
      } else {
        this.chunks[0] = c.subarray(part);
      }
    }
    return out;
  }
}
