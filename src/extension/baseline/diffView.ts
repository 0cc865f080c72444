import type { SnapshotDiff } from '../../core/snapshot/diff';
import { MAX_TOOL_ROWS, type DiffView, type ToolChangeView } from '../../webview/shared/diffProtocol';

/** What the Catalog Diff panel draws for a diff: tool rows in one list (cut at MAX_TOOL_ROWS), modes, the directory's cuts, context. */
export function toDiffView(d: SnapshotDiff, isBaseline: boolean): DiffView {
  const rows: ToolChangeView[] = [
    ...d.excluded.map((t): ToolChangeView => ({ change: 'excluded', ...t })),
    ...d.readmitted.map((t): ToolChangeView => ({ change: 'readmitted', ...t })),
    ...d.added.map((t): ToolChangeView => ({ change: 'added', ...t, to: t.status })),
    ...d.removed.map((t): ToolChangeView => ({ change: 'removed', ...t, from: t.status })),
    ...d.statusChanged.map((t): ToolChangeView => ({ change: 'status', ...t })),
    ...d.schemaChanged.map((t): ToolChangeView => ({ change: 'schema', ...t })),
    ...d.descriptionChanged.map((t): ToolChangeView => ({ change: 'description', ...t })),
  ];
  const dir = d.modes.find((m) => m.mode === 'directory')?.directory;
  return {
    a: d.a,
    b: d.b,
    same: d.same,
    tools: rows.slice(0, MAX_TOOL_ROWS),
    toolsOmitted: Math.max(0, rows.length - MAX_TOOL_ROWS),
    modes: d.modes.map((m) => ({ mode: m.mode, changed: m.changed, effectiveMode: m.effectiveMode, bytes: m.bytes, tokens: m.tokens, visibleAdded: m.visibleAdded, visibleRemoved: m.visibleRemoved })),
    ...(dir
      ? {
          directory: {
            chars: dir.chars,
            maxChars: dir.maxChars.b,
            omitted: dir.omitted,
            descriptionLimit: dir.descriptionLimit,
            shortenedAdded: dir.shortenedAdded,
            shortenedRemoved: dir.shortenedRemoved,
            droppedAdded: dir.droppedAdded,
            droppedRemoved: dir.droppedRemoved,
          },
        }
      : {}),
    context: d.context,
    isBaseline,
  };
}
