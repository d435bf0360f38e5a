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

  useEffect(() => {
    if (shown.current === location) return;
    shown.current = location;
    let frame = 0;
    const started = performance.now();
    const tick = () => {
      const container = document.getElementById(containerId);
      const heading = container?.querySelector<HTMLElement>("h1");
      if (!heading && performance.now() - started < HEADING_WAIT_MS) {
        frame = requestAnimationFrame(tick);
        return;
      }
      const target = heading ?? container;
      if (!target) return;
      if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      target.focus();
      const name = heading?.textContent?.trim() ?? "";
      // Pages that set their own title name themselves there; the others by their heading.
      setMessage(name && !document.title.includes(name) ? name : document.title);
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
