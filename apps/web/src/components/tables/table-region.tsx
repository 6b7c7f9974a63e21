import { type ReactNode, useEffect, useRef } from 'react';

const focusable = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]';

/**
 * Holds a table that may scroll sideways. When its scrolling part is wider than its box and has
 * nothing to focus (a table of plain text), keyboard users could not scroll it: it then becomes a
 * named region that takes focus, so the arrow keys scroll it (WCAG 2.1.1). Otherwise it adds no
 * tab stop.
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const holder = ref.current;
    if (!holder) return;
    const update = () => {
      for (const region of holder.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')) {
        const scrolls = region.scrollWidth > region.clientWidth || region.scrollHeight > region.clientHeight;
        const reachable = region.querySelector(focusable) !== null;
        if (scrolls && !reachable) {
          region.tabIndex = 0;
          region.setAttribute('role', 'region');
          region.setAttribute('aria-label', label);
        } else if (region.getAttribute('role') === 'region') {
          region.removeAttribute('tabindex');
          region.removeAttribute('role');
          region.removeAttribute('aria-label');
        }
      }
    };
    update();
    const resized = new ResizeObserver(update);
    resized.observe(holder);
    const changed = new MutationObserver(update);
    changed.observe(holder, { childList: true, subtree: true });
    return () => {
      resized.disconnect();
      changed.disconnect();
    };
  }, [label]);
  return <div ref={ref}>{children}</div>;
}
