import { useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";

const HEADING_WAIT_MS = 5_000;

/**
 * After a move to another page of the console, focus goes to the new page's main heading and a
 * polite live region names the page, as a full page load would for a screen reader. Pages load
 * their chunk and data first, so the heading is waited for (a few seconds at most). The first
 * render is a page load: the browser announces that itself, and focus stays where it starts.
 */
export function RouteAnnouncer({ containerId }: { containerId: string }) {
  const [location] = useLocation();
  const [message, setMessage] = useState("");
  const shown = useRef(location);
  // The heading of the page being left, read while rendering the move (before React replaces it),
  // so the new page's heading is told apart from the old one.
  const previous = useRef<{ element: HTMLElement | null; text: string } | null>(null);
  if (shown.current !== location && previous.current === null && typeof document !== "undefined") {
    const old = document.getElementById(containerId)?.querySelector<HTMLElement>("h1") ?? null;
    previous.current = { element: old, text: old?.textContent ?? "" };
  }

  useEffect(() => {
    if (shown.current === location) return;
    shown.current = location;
    const stale = previous.current;
    previous.current = null;
    let frame = 0;
    const started = performance.now();
    const tick = () => {
      const container = document.getElementById(containerId);
      const found = container?.querySelector<HTMLElement>("h1") ?? null;
      const isOld = found !== null && found === stale?.element && found.textContent === stale.text;
      const heading = isOld ? null : found;
      if (!heading && performance.now() - started < HEADING_WAIT_MS) {
        frame = requestAnimationFrame(tick);
        return;
      }
      const target = heading ?? found ?? container;
      if (!target) return;
      const name = target.tagName === "H1" ? (target.textContent?.trim() ?? "") : "";
      // Pages that set their own title name themselves there; the others by their heading.
      setMessage(name && !document.title.includes(name) ? name : document.title);
      // A page that put focus in a field itself (New shipment's number) keeps it there.
      const active = document.activeElement;
      if (active && active !== document.body && active !== container && container?.contains(active)) return;
      if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      target.focus();
    };
    // After this commit's own focus moves (a closing dialog or menu returns focus first).
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [location, containerId]);

  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only">
      {message}
    </div>
  );
}
