import { useRef } from "react";

/**
 * Where focus goes when a dialog closes: back to what opened it, as Radix does for its own Trigger.
 * The dialogs here are opened from state (a button's onClick, a menu item, a row action), so Radix
 * has no trigger to return to and would leave focus on <body>.
 *
 * The opener is read while rendering the opening: by the time effects run, a menu item that opened
 * the dialog has already been removed. A menu item stands for its menu's trigger button. When the
 * opener is gone on close (a deleted row, another page), focus goes to the page's main heading.
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && typeof document !== "undefined") {
    opener.current = openerOf(document.activeElement);
  }
  wasOpen.current = open;
  return (event: Event) => {
    event.preventDefault();
    const target = opener.current;
    opener.current = null;
    focusAfterClose(target);
  };
}

function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest<HTMLElement>("[role='menu']");
  if (menu?.id) {
    const trigger = document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(menu.id)}"]`);
    if (trigger) return trigger;
  }
  return active;
}

function focusAfterClose(target: HTMLElement | null) {
  if (target?.isConnected && !target.closest("[inert], [aria-hidden='true']") && !isDisabled(target)) {
    target.focus();
    if (document.activeElement === target) {
      followRemoval(target);
      return;
    }
  }
  focusMainHeading();
}

/**
 * A confirmed removal (a member, a file) often takes the opener's row away only when the list is
 * fetched again, just after focus went back to it, and focus would then fall to <body>. While the
 * opener keeps focus, its removal moves focus to the page's heading instead.
 */
function followRemoval(target: HTMLElement) {
  const observer = new MutationObserver(() => {
    if (target.isConnected) {
      if (document.activeElement !== target) observer.disconnect();
      return;
    }
    observer.disconnect();
    const active = document.activeElement;
    if (!active || active === document.body) focusMainHeading();
  });
  // Stops at the first change of the page after focus moved on (the page changes all the time).
  observer.observe(document.body, { childList: true, subtree: true });
}

function isDisabled(element: HTMLElement): boolean {
  return element.matches(":disabled") || element.getAttribute("aria-disabled") === "true";
}

/** Focuses the page's main heading (made focusable by script only), else the main landmark. */
export function focusMainHeading(): boolean {
  const heading = document.querySelector<HTMLElement>("main h1") ?? document.querySelector<HTMLElement>("h1");
  const target = heading ?? document.querySelector<HTMLElement>("main");
  if (!target) return false;
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: false });
  return document.activeElement === target;
}
