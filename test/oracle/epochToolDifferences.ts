// The open differences between a real run's tools array and the product's,
// per release, as docs/fidelity.md ("The tools a run gets, per epoch")
// states them. Each one removes exactly its own difference from both sides,
// after checking that the real request still shows it: a difference that no
// longer happens fails (stale), and anything else still has to be byte-equal.
// Applied in this order (the MCP tail is found by the prediction's
// `<server>__` names before those are stripped).

export interface WireTool {
  type?: string;
  function?: { name?: string; description?: string; parameters?: unknown; strict?: unknown };
}

export interface Sides {
  real: WireTool[];
  predicted: WireTool[];
}

export interface DocumentedToolDifference {
  id: string;
  releases: readonly string[];
  /** What differs, for the test's output (the same words as docs/fidelity.md). */
  text: string;
  /** Whether it concerns MCP tools only: a workspace without MCP servers cannot show it. */
  mcpOnly?: boolean;
  /** Both sides without this difference; a string when the real side does not show it (stale). */
  remove(sides: Sides, mcpServers: readonly string[]): Sides | string;
}

const nameOf = (t: WireTool): string => t.function?.name ?? '';
const byName = (a: WireTool, b: WireTool): number => nameOf(a).localeCompare(nameOf(b));

/** The MCP tools are the tail of a composition-order request: as many as the prediction names `<server>__`. */
function mcpTail(sides: Sides, servers: readonly string[]): number {
  return sides.predicted.filter((t) => servers.some((s) => nameOf(t).startsWith(`${s}__`))).length;
}

export const DOCUMENTED_TOOL_DIFFERENCES: readonly DocumentedToolDifference[] = [
  {
    id: 'strict-false',
    releases: ['2026.2.26', '2026.3.11'],
    text: 'every function carries "strict": false (pi-ai\'s openai-completions convertTools; the release\'s normalizeModelCompat leaves supportsStrictMode unset for a non-native endpoint); the product sends none',
    remove: ({ real, predicted }) => {
      if (!real.some((t) => t.function?.strict === false)) {
        return 'no real tool carries "strict": false any more';
      }
      return { real: real.map((t) => ({ ...t, function: Object.fromEntries(Object.entries(t.function ?? {}).filter(([k, v]) => !(k === 'strict' && v === false))) })), predicted };
    },
  },
  {
    id: 'mcp-server-order',
    releases: ['2026.3.23', '2026.4.1'],
    mcpOnly: true,
    text: "MCP tools in the server's listing order; the product's catalog orders them by id",
    remove: (sides, servers) => {
      const k = mcpTail(sides, servers);
      const tail = sides.real.slice(sides.real.length - k);
      if (k === 0 || JSON.stringify(tail) === JSON.stringify([...tail].sort(byName))) {
        return 'the real MCP tools are already in name order';
      }
      const sortTail = (ts: WireTool[]): WireTool[] => [...ts.slice(0, ts.length - k), ...ts.slice(ts.length - k).sort(byName)];
      return { real: sortTail(sides.real), predicted: sortTail(sides.predicted) };
    },
  },
  {
    id: 'mcp-raw-names',
    releases: ['2026.3.23'],
    mcpOnly: true,
    text: 'MCP tools are sent under their raw tool name (create_event), not <server>__<tool>',
    remove: ({ real, predicted }, servers) => {
      if (real.some((t) => servers.some((s) => nameOf(t).startsWith(`${s}__`)))) {
        return 'the real request prefixes MCP tool names with their server';
      }
      const strip = (t: WireTool): WireTool => {
        const s = servers.find((x) => nameOf(t).startsWith(`${x}__`));
        return s && t.function ? { ...t, function: { ...t.function, name: nameOf(t).slice(s.length + 2) } } : t;
      };
      return { real, predicted: predicted.map(strip) };
    },
  },
];
