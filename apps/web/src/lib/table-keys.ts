import type { HTMLAttributes, KeyboardEvent } from 'react';

/**
 * A sortable header is a focusable cell that antd sorts on Enter; Space sorts too, as on a button,
 * rather than scrolling the page. Focus stays on the header.
 */
export function sortOnSpace(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== ' ' || event.target !== event.currentTarget) return;
  event.preventDefault();
  event.currentTarget.click();
}

/** `onHeaderCell` of a sortable column: Space sorts like Enter. */
export const sortableHeaderCell = () => ({ onKeyDown: sortOnSpace }) as HTMLAttributes<HTMLElement>;
