// Which rows of a long list are in the DOM: those in view plus an overscan
// on each side; the rest is stood in for by two spacers of the same height.
// Rows have one fixed height, so the arithmetic is exact.

export interface WindowInput {
  /** Rows in the list. */
  count: number;
  rowHeight: number;
  /** The scroller's scrollTop and client height, in pixels (the header excluded). */
  scrollTop: number;
  viewportHeight: number;
  /** Rows kept beyond each edge, so a small scroll shows no blank. */
  overscan: number;
}

export interface RowWindow {
  /** First row rendered (inclusive) and the end (exclusive). */
  start: number;
  end: number;
  /** Heights of the spacers above and below the rendered rows. */
  padTop: number;
  padBottom: number;
}

export function rowWindow(w: WindowInput): RowWindow {
  const count = Math.max(0, Math.floor(w.count));
  const h = w.rowHeight > 0 ? w.rowHeight : 1;
  const top = Math.max(0, w.scrollTop);
  const firstVisible = Math.min(count, Math.floor(top / h));
  const visible = Math.ceil(Math.max(0, w.viewportHeight) / h) + 1;
  const start = Math.max(0, firstVisible - w.overscan);
  const end = Math.min(count, firstVisible + visible + w.overscan);
  return { start, end: Math.max(start, end), padTop: start * h, padBottom: (count - Math.max(start, end)) * h };
}

/** The scrollTop that brings row `index` into view, or undefined when it already is. */
export function scrollToReveal(index: number, rowHeight: number, scrollTop: number, viewportHeight: number): number | undefined {
  const rowTop = index * rowHeight;
  if (rowTop < scrollTop) {
    return rowTop;
  }
  if (rowTop + rowHeight > scrollTop + viewportHeight) {
    return rowTop + rowHeight - viewportHeight;
  }
  return undefined;
}

/** The row a navigation key moves the active row to (clamped to the list). */
export function keyTarget(key: string, active: number, count: number, pageRows: number): number | undefined {
  if (count === 0) {
    return undefined;
  }
  const clamp = (i: number) => Math.min(count - 1, Math.max(0, i));
  switch (key) {
    case 'ArrowDown':
      return clamp(active + 1);
    case 'ArrowUp':
      return clamp(active - 1);
    case 'PageDown':
      return clamp(active + Math.max(1, pageRows));
    case 'PageUp':
      return clamp(active - Math.max(1, pageRows));
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}
