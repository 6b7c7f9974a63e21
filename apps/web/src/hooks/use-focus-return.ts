import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { focusLost } from '../lib/focus.ts';

/**
 * Where the keyboard's focus goes when a dialog, a confirmation or a popover closes, or a table
 * pages: back to what opened it (WCAG 2.4.3), never lost on the page's body. antd's dialogs give
 * focus back by themselves in the simple case; these helpers cover the others: a dialog opened
 * from a menu item or after another dialog, a popover whose content had the focus, a pagination
 * button that is disabled on the page it led to.
 */

/**
 * What opened a popup: the focused element, or, for an item of an open dropdown menu, the button
 * that opened the menu (the item goes with the menu).
 */
function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement)) return null;
  if (active.closest('.ant-dropdown, .ant-dropdown-menu')) {
    return document.querySelector<HTMLElement>('.ant-dropdown-open') ?? null;
  }
  return active === document.body ? null : active;
}

/** Focuses `element` once the page has settled (after the closing popup has let go of the focus). */
export function focusSoon(element: HTMLElement | null | undefined): void {
  if (!element) return;
  requestAnimationFrame(() => {
    if (element.isConnected) element.focus({ preventScroll: true });
  });
}

/**
 * Remembers what opened a dialog (`remember`, called as it opens) and gives it the focus back
 * (`restore`, called when the dialog has closed) unless the user has put the focus elsewhere
 * meanwhile. An opener that is gone (a deleted row) is skipped.
 */
export function useFocusReturn(): { remember: () => void; restore: () => void } {
  const opener = useRef<HTMLElement | null>(null);
  const remember = useCallback(() => {
    opener.current = openerOf(document.activeElement);
  }, []);
  const restore = useCallback(() => {
    const element = opener.current;
    opener.current = null;
    if (!element) return;
    requestAnimationFrame(() => {
      const active = document.activeElement;
      // The focus still in a closing dialog or popup, or lost: back to the opener.
      if (focusLost() || active?.closest('.ant-modal-root, .ant-modal-wrap, .ant-popover, .ant-dropdown')) {
        if (element.isConnected) element.focus({ preventScroll: true });
      }
    });
  }, []);
  return { remember, restore };
}

/**
 * A popover or confirmation that takes the focus when it opens (its first control, or the one
 * `initial` selects) and gives it back to its opener when it closes: by Esc, by one of its
 * buttons, or by a click outside that left the focus nowhere. `contentRef` goes on an element
 * inside the popup.
 */
export function usePopupFocus<T extends HTMLElement = HTMLElement>(
  open: boolean,
  initial = 'input:not([disabled]), button:not([disabled]), [tabindex="0"]',
): RefObject<T | null> {
  const contentRef = useRef<T | null>(null);
  const { remember, restore } = useFocusReturn();
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open && !wasOpen.current) {
      wasOpen.current = true;
      remember();
      requestAnimationFrame(() => {
        const popup = contentRef.current?.closest<HTMLElement>('.ant-popover') ?? contentRef.current;
        popup?.querySelector<HTMLElement>(initial)?.focus({ preventScroll: true });
      });
    } else if (!open && wasOpen.current) {
      wasOpen.current = false;
      restore();
    }
  }, [open, initial, remember, restore]);
  return contentRef;
}

/**
 * Keeps the focus on a table's pagination when it pages: the button pressed can be disabled on
 * the page it led to (the last page's "next"), or replaced, which would drop the focus on the
 * body; the current page's button takes it then. `ref` goes on an element around the table;
 * `state` changes with what a page change alters (e.g. the page and the loading state).
 */
export function usePaginationFocus<T extends HTMLElement>(state: string): RefObject<T | null> {
  const ref = useRef<T | null>(null);
  const inPagination = useRef(false);
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      inPagination.current = !!target?.closest('.ant-pagination') && !!ref.current?.contains(target);
    };
    // A click elsewhere (which may leave the focus on the body) ends the pagination's hold.
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (!target?.closest('.ant-pagination')) inPagination.current = false;
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each change of the table's state
  useEffect(() => {
    if (!inPagination.current) return;
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      // After the browser has moved the focus off a button that stopped being focusable.
      timer = window.setTimeout(() => {
        if (!inPagination.current || !focusLost()) return;
        ref.current
          ?.querySelector<HTMLElement>('.ant-pagination-item-active')
          ?.focus({ preventScroll: true });
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [state]);
  return ref;
}

/** What the keyboard can reach inside a scrolling region. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Makes the scrolling parts of antd tables inside `ref` reachable by keyboard (WCAG 2.1.1): a
 * table wider (or taller) than its box scrolls, and one with nothing focusable in it (numbers
 * only, or "no data") could not be scrolled without a mouse. Such a part becomes a focusable
 * region named `label`; it stops being one when it no longer scrolls or holds a control.
 */
export function useKeyboardScroll<T extends HTMLElement>(label: string): (element: T | null) => void {
  // A callback ref: the element can come later (a tab's content appears when the tab opens).
  const [root, setRoot] = useState<T | null>(null);
  useEffect(() => {
    if (!root) return;
    const update = () => {
      for (const part of root.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')) {
        const scrolls = part.scrollWidth > part.clientWidth + 1 || part.scrollHeight > part.clientHeight + 1;
        const ours = part.dataset.keyboardScroll === 'true';
        if (scrolls && part.querySelector(FOCUSABLE) === null) {
          if (!ours) {
            part.tabIndex = 0;
            part.setAttribute('role', 'region');
            part.dataset.keyboardScroll = 'true';
          }
          if (part.getAttribute('aria-label') !== label) part.setAttribute('aria-label', label);
        } else if (ours) {
          part.removeAttribute('tabindex');
          part.removeAttribute('role');
          part.removeAttribute('aria-label');
          delete part.dataset.keyboardScroll;
        }
      }
    };
    update();
    const resizes = new ResizeObserver(update);
    resizes.observe(root);
    const changes = new MutationObserver(update);
    changes.observe(root, { childList: true, subtree: true });
    return () => {
      resizes.disconnect();
      changes.disconnect();
    };
  }, [root, label]);
  return setRoot;
}
