import type { SourceCounts } from '../catalog/catalog';
import type { ToolSearchModeName, ToolSourceKind } from '../types';
import type { CallEvent, SessionEvent, SizeCounters } from './sessionLog';

export interface FinalCall {
  callId: string;
  parentCallId?: string;
  id: string;
  name?: string;
  source?: ToolSourceKind;
  sourceName?: string;
  /** `OpenClaw core`, `OpenClaw plugin <id>`, `MCP <server>`, `client`. */
  origin: string;
  via: CallEvent['via'];
  ok: boolean;
  blockedBy?: string;
  error?: string;
}

/** The counters the design asks for, and the answers a session log must give. */
export interface SessionSummary {
  turns: number;
  mode?: ToolSearchModeName;
  effectiveMode?: ToolSearchModeName;
  catalogSize?: number;
  sources?: SourceCounts;
  bySourceName?: Record<string, number>;
  /** How many schemas the model saw up front (first turn). */
  schemasUpFront?: number;
  catalogSchemasUpFront?: number;
  bytes?: SizeCounters;
  tokens?: SizeCounters & { encoding: string };
  searchCount: number;
  describeCount: number;
  /** Every call that reached the gateway (executed or refused). */
  callCount: number;
  /** Calls the gateway executed successfully. */
  finalCalls: FinalCall[];
  /** Calls refused or failed. */
  failedCalls: FinalCall[];
  selectedIds: string[];
  selectedSources: ToolSourceKind[];
  modelCalls: number;
}

export function originOf(source: ToolSourceKind | undefined, sourceName: string | undefined): string {
  if (source === 'openclaw') {
    return sourceName === 'core' ? 'OpenClaw core' : `OpenClaw plugin ${sourceName ?? '?'}`;
  }
  if (source === 'mcp') {
    return `MCP ${sourceName ?? '?'}`;
  }
  return source === 'client' ? 'client' : 'unknown';
}

export function summarizeSession(events: readonly SessionEvent[]): SessionSummary {
  const s: SessionSummary = {
    turns: 0,
    searchCount: 0,
    describeCount: 0,
    callCount: 0,
    finalCalls: [],
    failedCalls: [],
    selectedIds: [],
    selectedSources: [],
    modelCalls: 0,
  };
  const selected = new Set<string>();
  const sources = new Set<ToolSourceKind>();
  for (const e of events) {
    switch (e.type) {
      case 'turn-start':
        s.turns++;
        if (s.turns === 1) {
          s.catalogSize = e.catalogSize;
          s.sources = e.sources;
          s.bySourceName = e.bySourceName;
          if (!e.upFrontUnknown) {
            s.mode = e.mode;
            s.effectiveMode = e.effectiveMode;
            s.schemasUpFront = e.schemasUpFront;
            s.catalogSchemasUpFront = e.catalogSchemasUpFront;
          }
          s.bytes = e.bytes ? { ...e.bytes } : undefined;
          s.tokens = e.tokens ? { ...e.tokens } : undefined;
        } else if (s.bytes && e.bytes) {
          // Every turn resends the payload: bytes add up over the session.
          s.bytes.tools += e.bytes.tools;
          s.bytes.prompt += e.bytes.prompt;
          s.bytes.total += e.bytes.total;
        }
        break;
      case 'search':
        s.searchCount++;
        break;
      case 'describe':
        s.describeCount++;
        if (e.id) {
          selected.add(e.id);
        }
        break;
      case 'call': {
        s.callCount++;
        const f: FinalCall = {
          callId: e.callId,
          ...(e.parentCallId ? { parentCallId: e.parentCallId } : {}),
          id: e.id ?? e.idOrName,
          name: e.name,
          source: e.source,
          sourceName: e.sourceName,
          origin: originOf(e.source, e.sourceName),
          via: e.via,
          ok: e.ok,
          ...(e.blockedBy ? { blockedBy: e.blockedBy } : {}),
          ...(e.error ? { error: e.error } : {}),
        };
        (e.ok ? s.finalCalls : s.failedCalls).push(f);
        if (e.id) {
          selected.add(e.id);
        }
        if (e.source) {
          sources.add(e.source);
        }
        break;
      }
      case 'model-call':
        s.modelCalls++;
        break;
      case 'model-request':
        break;
      case 'turn-end':
        break;
    }
  }
  s.selectedIds = [...selected].sort();
  s.selectedSources = [...sources].sort();
  return s;
}
