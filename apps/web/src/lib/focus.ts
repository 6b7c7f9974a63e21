/**
 * Where keyboard focus goes when the control that held it goes away: a dialog's trigger that has
 * left the list or become disabled, the pager's "next" on the last page, a "clear filters" button
 * that clears itself away. A keyboard user then goes on from a control nearby, not from the top of
 * the page.
 */

import type { FormInstance } from 'antd';

/** True when focus is nowhere useful: on the page itself, or on a control gone or disabled. */
export function focusLost(): boolean {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body || !active.isConnected) return true;
  return active.matches(':disabled') || active.closest('[aria-disabled="true"]') !== null;
}

/** A control that can take focus now: in the page, enabled and shown. */
function canFocus(element: HTMLElement | null | undefined): element is HTMLElement {
  return (
    element instanceof HTMLElement &&
    element.isConnected &&
    !element.matches(':disabled') &&
    element.closest('[aria-disabled="true"], [inert], [hidden]') === null &&
    (typeof element.checkVisibility !== 'function' || element.checkVisibility())
  );
}

/** Focuses the first of `candidates` that can take it; false when none could. */
export function focusFirst(...candidates: (HTMLElement | null | undefined)[]): boolean {
  const target = candidates.find(canFocus);
  target?.focus();
  return target !== undefined;
}

/**
 * A dialog's `afterOpenChange` that puts the focus in a field of its form once it has opened:
 * antd's dialog focuses itself (its close button) after the field's own `autoFocus` has run. A
 * field the user has already reached keeps it.
 */
export function focusFieldOnOpen(form: FormInstance, field: string): (open: boolean) => void {
  return (open) => {
    if (!open || document.activeElement?.closest('.ant-form-item')) return;
    (form.getFieldInstance(field) as { focus?: () => void } | undefined)?.focus?.();
  };
}

/** The element focused now, to give focus back to later (the page's body is none). */
export function focusedElement(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/** How long `keepFocusNear` watches, and how often it looks. */
const WATCH_MS = 3_000;
const LOOK_MS = 50;

/**
 * After the current event and antd's own focus return (which a drawer does just after its
 * `afterOpenChange`): if focus is lost, now or while the screen changes (the address, then the
 * list, change after the event that asked for it), gives it to the first candidate that can take
 * it. Candidates are asked for then, so a list that has changed meanwhile is read as it is now.
 * Watching stops at the user's next key or pointer press (what follows is theirs), once focus has
 * moved on to another control, or after a few seconds.
 */
export function keepFocusNear(candidates: () => (HTMLElement | null | undefined)[]): void {
  const until = performance.now() + WATCH_MS;
  let holder: Element | null = null;
  let stopped = false;
  const stop = () => {
    stopped = true;
    window.removeEventListener('keydown', stop, true);
    window.removeEventListener('pointerdown', stop, true);
  };
  window.addEventListener('keydown', stop, true);
  window.addEventListener('pointerdown', stop, true);
  const look = () => {
    if (stopped) return;
    if (focusLost()) {
      stop();
      focusFirst(...candidates());
      return;
    }
    holder ??= document.activeElement;
    if (document.activeElement === holder && performance.now() < until) window.setTimeout(look, LOOK_MS);
    else stop();
  };
  window.setTimeout(look, 0);
}
