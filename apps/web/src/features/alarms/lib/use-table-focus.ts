import { type FocusEvent, useLayoutEffect, useRef } from 'react';
import { focusFirst, focusLost } from '../../../lib/focus.ts';

interface RowFocusOptions {
  /** The rows as rendered (`tr` elements of the table's body). */
  rowSelector: string;
  /** The control of a row that takes focus in its place. */
  controlOf: (row: HTMLElement) => HTMLElement | null;
  /** Where focus goes when no row is left (`table`: the element around the table). */
  fallback?: (table: HTMLElement) => HTMLElement | null | undefined;
}

/**
 * A table whose rows can go while one of them holds focus: an alarm processed out of a list of
 * unprocessed ones, a report closed out of the open ones, the rows of another page. When the list
 * changes and focus was in a row that is gone, it goes to the row now at that place (or the last
 * one), so a keyboard user goes on from there rather than from the top of the page. And a control
 * focused in it is brought fully into view (`revealFocused`). Spread the answer on an element
 * around the table.
 */
export function useRowFocus(list: readonly unknown[], { rowSelector, controlOf, fallback }: RowFocusOptions) {
  const holder = useRef<HTMLDivElement>(null);
  /** The place of the row that holds focus, null while focus is elsewhere. */
  const focusedRow = useRef<number | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the rows have changed
  useLayoutEffect(() => {
    const at = focusedRow.current;
    const table = holder.current;
    if (at === null || !table || !focusLost()) return;
    const rows = [...table.querySelectorAll<HTMLElement>(rowSelector)];
    const row = rows[Math.min(at, rows.length - 1)];
    focusFirst(row ? controlOf(row) : null, fallback?.(table));
  }, [list]);

  return {
    ref: holder,
    onFocus: (event: FocusEvent<HTMLElement>) => {
      const row = (event.target as Element).closest<HTMLElement>(rowSelector);
      const rows = holder.current ? [...holder.current.querySelectorAll(rowSelector)] : [];
      focusedRow.current = row ? rows.indexOf(row) : null;
      revealFocused(event.target);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      // Focus moved on (to a dialog, another control): forget the row. A row taken away with its
      // focus is no longer in the page: that is for the effect above, which runs first.
      const left = event.target;
      window.setTimeout(() => {
        if (left.isConnected && !holder.current?.contains(document.activeElement)) focusedRow.current = null;
      }, 0);
    },
  };
}

/** Room left between a control brought into view and a sticky column or the table's edge. */
const REVEAL_MARGIN_PX = 8;

function revealNow(target: HTMLElement) {
  const scroller = target.closest<HTMLElement>('.ant-table-content, .ant-table-body, .ant-table-header');
  const cell = target.closest<HTMLElement>('th, td');
  if (!scroller || !cell?.parentElement || getComputedStyle(cell).position === 'sticky') return;
  const box = scroller.getBoundingClientRect();
  let left = box.left;
  let right = box.right;
  for (const other of cell.parentElement.children) {
    if (other === cell || getComputedStyle(other).position !== 'sticky') continue;
    const stuck = other.getBoundingClientRect();
    // A sticky cell in the table's first half holds its start, one in its second half its end.
    if (stuck.left + stuck.width / 2 < (box.left + box.right) / 2) left = Math.max(left, stuck.right);
    else right = Math.min(right, stuck.left);
  }
  const shown = target.getBoundingClientRect();
  if (shown.left < left + REVEAL_MARGIN_PX) {
    scroller.scrollLeft -= left + REVEAL_MARGIN_PX - shown.left;
  } else if (shown.right > right - REVEAL_MARGIN_PX) {
    // As far as its end needs, but never so far that its start goes out of view.
    const needed = shown.right - (right - REVEAL_MARGIN_PX);
    scroller.scrollLeft += Math.min(needed, shown.left - (left + REVEAL_MARGIN_PX));
  }
}

/**
 * Brings a control focused in a table that scrolls sideways fully into view, clear of the sticky
 * columns (the actions at the end): the browser scrolls a focused control into view only when
 * none of it shows, so a header or button half under the sticky column stays there. Call it
 * from the table's focus events; it looks again once the browser has done its own scrolling.
 */
function revealFocused(target: EventTarget): void {
  if (!(target instanceof HTMLElement)) return;
  revealNow(target);
  window.requestAnimationFrame(() => {
    if (document.activeElement === target) revealNow(target);
  });
}
