import type { ChildLimits } from './protocol';

/** Every cap of a bridge run. Characters are UTF-16 code units of JSON or console text. */
export interface BridgeLimits extends ChildLimits {
  /** Bridge operations running at once; more wait their turn. */
  maxConcurrentCalls: number;
  /** Serialized result of one bridge operation sent back to the snippet (and kept in the trace). */
  maxReplyChars: number;
  /** Source characters of one snippet. */
  maxCodeChars: number;
  /** V8 old-space cap of the child, in MB. */
  heapMb: number;
  /**
   * Resident memory cap of the child, in MB, watched by the host (Linux
   * `/proc`). It catches what the heap cap does not see: array buffers.
   */
  maxRssMb: number;
  /** Pretty-printed JSON characters of arguments and results one run's trace keeps; later values leave a marker. */
  maxTraceChars: number;
}

export const DEFAULT_BRIDGE_LIMITS: Readonly<BridgeLimits> = {
  maxLogLines: 200,
  maxLogChars: 20_000,
  maxArgChars: 64_000,
  maxResultChars: 256_000,
  maxConcurrentCalls: 4,
  maxBridgeOps: 100,
  maxReplyChars: 1_000_000,
  maxCodeChars: 100_000,
  heapMb: 64,
  maxRssMb: 384,
  maxTraceChars: 2_000_000,
};

export function resolveLimits(partial: Partial<BridgeLimits> | undefined): BridgeLimits {
  return { ...DEFAULT_BRIDGE_LIMITS, ...(partial ?? {}) };
}

export function childLimits(l: BridgeLimits): ChildLimits {
  return { maxLogLines: l.maxLogLines, maxLogChars: l.maxLogChars, maxArgChars: l.maxArgChars, maxResultChars: l.maxResultChars, maxBridgeOps: l.maxBridgeOps };
}
