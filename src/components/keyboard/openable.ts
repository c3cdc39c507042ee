import type { HTMLAttributes, SyntheticEvent } from 'react';

/** Enter or Space on a focused item opens it, as a click would; Space must not also scroll the page. */
export function opensOnKey(event: SyntheticEvent): boolean {
  const key = 'key' in event ? event.key : undefined;
  if (key !== 'Enter' && key !== ' ') return false;
  event.preventDefault();
  return true;
}

/** A table row that opens its record on a click, and is reached with Tab and opened with Enter or Space. */
export const openableRow = (open: () => void): HTMLAttributes<HTMLElement> => ({
  onClick: open,
  onKeyDown: (event) => opensOnKey(event) && open(),
  tabIndex: 0,
  style: { cursor: 'pointer' },
});
