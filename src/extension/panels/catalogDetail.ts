// The tool detail of the Effective Catalog panel, computed with the very
// functions the gateway and the preview use (describe's `describedTool`, the
// direct-mode request shape, o200k counts, the policy engine): never a copy.
// No `vscode` here: it loads with core (coreEntry), on first use.
import type { Catalog } from '../../core/catalog/catalog';
import { policySubjectOf } from '../../core/catalog/policySubject';
import type { ToolSuggestion } from '../../core/learning/suggest';
import { modelToolOf } from '../../core/modes/surface';
import type { ToolPolicy } from '../../core/policy/policyEngine';
import { TOKEN_ENCODING, tokenCount, utf8Bytes } from '../../core/provider/payloadSize';
import { providerRequest } from '../../core/provider/requestShapes';
import { policyNotReached, toolReasonText } from '../../core/reasons';
import { describedTool } from '../../core/search/compactHit';
import type { CatalogTool, SourceLocation } from '../../core/types';
import { formatLocation } from '../../core/util/location';
import type { DecisionView, LocationView, SuggestionView, ToolDetailView } from '../../webview/shared/catalogProtocol';
import { EDITOR_WORDING } from '../editorWording';

export function locationView(at: SourceLocation): LocationView {
  return { file: at.file, ...(at.line !== undefined ? { line: at.line } : {}), label: formatLocation(at) };
}

/**
 * Every place a reason names: any field of the reason (or of an object in it)
 * that has a `file`. Read as data, so rule locations added to reasons.ts
 * show up here without this code knowing their field names.
 */
export function reasonLocations(reason: unknown): LocationView[] {
  const out: LocationView[] = [];
  const seen = new Set<string>();
  const visit = (v: unknown, depth: number): void => {
    if (typeof v !== 'object' || v === null || depth > 3) {
      return;
    }
    if (Array.isArray(v)) {
      v.forEach((x) => visit(x, depth + 1));
      return;
    }
    const o = v as Record<string, unknown>;
    if (typeof o.file === 'string' && o.file !== '') {
      const loc = locationView({ file: o.file, ...(typeof o.line === 'number' ? { line: o.line } : {}) });
      if (!seen.has(loc.label)) {
        seen.add(loc.label);
        out.push(loc);
      }
    }
    for (const x of Object.values(o)) {
      visit(x, depth + 1);
    }
  };
  visit(reason, 0);
  return out;
}

/** The tool's schema entry as direct mode sends it (Chat Completions shape), in bytes and o200k tokens. */
export function directSize(tool: CatalogTool): { bytes: number; tokens: number; encoding: string } {
  const body = providerRequest('chat', { systemPrompt: '', userPrompt: '', tools: [modelToolOf(tool)] });
  const entry = JSON.stringify((body.tools ?? [])[0] ?? null);
  return { bytes: utf8Bytes(entry), tokens: tokenCount(entry), encoding: TOKEN_ENCODING };
}

const TARGET_LABELS: Record<ToolSuggestion['target'], string> = {
  'plugin-manifest': 'the plugin manifest',
  'client-tools': 'the client-tools file',
  'mcp-server': "the MCP server's owner",
  'openclaw-core': 'OpenClaw (a core tool)',
};

function suggestionView(s: ToolSuggestion): SuggestionView {
  return {
    words: s.words.map((w) => w.word),
    added: s.added,
    proposed: s.proposed,
    queries: s.queries,
    before: { top1: s.before.top1, recall5: s.before.recall5 },
    after: { top1: s.after.top1, recall5: s.after.recall5 },
    canApply: (s.target === 'plugin-manifest' || s.target === 'client-tools') && s.origin !== undefined,
    targetLabel: TARGET_LABELS[s.target],
  };
}

export interface DetailInput {
  catalog: Catalog;
  policy: ToolPolicy;
  tool: CatalogTool;
  /** Suggestions from the workspace's session logs, when there are logs. */
  suggestions?: { forTool?: ToolSuggestion; note: string };
  /** Why calls cannot run here at all (an untrusted workspace), if so. */
  callsOff?: string;
}

export function toolDetail(input: DetailInput): ToolDetailView {
  const { catalog, tool } = input;
  const described = describedTool(tool);
  const allowedNow = tool.status !== 'excluded' && input.policy.evaluate(policySubjectOf(tool)).allowed;
  const server = tool.source === 'mcp' ? catalog.servers.find((s) => s.name === tool.sourceName) : undefined;
  const plugin = tool.source === 'openclaw' ? catalog.plugins.find((p) => p.id === tool.sourceName) : undefined;
  const notReached = policyNotReached(tool.reason);
  const decisions: DecisionView[] = notReached ? [] : tool.decisions.map((d) => ({
    layer: d.layer,
    rule: d.rule,
    effect: d.effect,
    ...(d.file ? { location: locationView({ file: d.file, line: d.line }) } : {}),
  }));
  const suggestion = input.suggestions?.forTool;
  const callBlocked = input.callsOff ?? (!allowedNow
    ? 'The model cannot call it: it is not in the catalog for this policy. "Try it" would be refused the same way.'
    : server && server.status !== 'ok'
      ? `MCP server "${server.name}" is ${server.status}: the call would be refused as unavailable.`
      : catalog.executorFor(tool.source, tool.id) === undefined
        ? 'No source here can execute it.'
        : undefined);
  // Declared-only sources answer a call with their own refusal, after the gateway's checks: say so up front.
  const callNote = server?.transport === 'snapshot'
    ? `MCP server "${server.name}" is an offline snapshot: the gateway checks the call, then the snapshot refuses to run it.`
    : tool.source === 'openclaw' && tool.sourceName === 'core'
      ? 'OpenClaw core tools are declared here, not executed: the gateway checks the call, then refuses to run it outside an OpenClaw gateway.'
      : undefined;
  const reason = toolReasonText(tool, EDITOR_WORDING);
  return {
    toolId: tool.id,
    name: tool.name,
    status: tool.status,
    source: tool.source,
    sourceName: tool.sourceName,
    ...(reason ? { reason } : {}),
    ...(tool.hint ? { hint: tool.hint } : {}),
    described: described as unknown as Record<string, unknown>,
    ...(tool.descriptionCut ? { descriptionCut: tool.descriptionCut } : {}),
    modelVisible: allowedNow,
    inputSchema: described.parameters,
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
    ...(tool.annotations ? { annotations: tool.annotations } : {}),
    direct: directSize(tool),
    ...(tool.origin ? { origin: locationView(tool.origin) } : {}),
    decisions,
    ...(notReached ? { policyNotReached: true } : {}),
    reasonLocations: reasonLocations(tool.reason),
    ...(server
      ? {
          server: {
            name: server.name,
            status: server.status,
            transport: server.transport,
            origin: server.origin,
            durationMs: server.durationMs,
            toolCount: server.toolCount,
            ...(server.error ? { error: server.error } : {}),
            stderrTail: [...(server.stderrTail ?? [])].slice(-20),
          },
        }
      : {}),
    ...(plugin ? { plugin: { id: plugin.id, status: plugin.status, manifest: plugin.manifest, ...(plugin.reason ? { reason: plugin.reason } : {}) } } : {}),
    ...(suggestion && suggestion.words.length > 0 ? { suggestion: suggestionView(suggestion) } : {}),
    suggestionNote: input.suggestions?.note ?? 'No session logs in this workspace (sessions/ or .openclaw/sessions/): suggestions come from logged searches.',
    ...(callBlocked ? { callBlocked } : {}),
    ...(callNote && !callBlocked ? { callNote } : {}),
  };
}

/** The model-facing text of a result envelope: its text blocks, joined. */
export function resultText(envelope: { content?: readonly { type: string; text?: string }[] } | undefined, fallback: unknown): string {
  const texts = (envelope?.content ?? []).filter((b) => b.type === 'text' && typeof b.text === 'string').map((b) => b.text as string);
  if (texts.length > 0) {
    return texts.join('\n');
  }
  if (fallback === undefined) {
    return '';
  }
  try {
    return typeof fallback === 'string' ? fallback : JSON.stringify(fallback, null, 2);
  } catch {
    return String(fallback);
  }
}
