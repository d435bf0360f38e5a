import { useEffect, useRef } from "react";

/** How often a gate screen asks again whether the company's state changed (decision 0059). */
export const GATE_RECHECK_MS = 30_000;

/**
 * Calls `recheck` every `intervalMs` and whenever the window regains focus or the tab becomes
 * visible again: a gate screen (Approval Required, Trial Period Ended) is left open while the
 * provider acts, and must move on by itself once they have.
 */
export function useRecheck(recheck: () => void, intervalMs: number = GATE_RECHECK_MS): void {
  const latest = useRef(recheck);
  useEffect(() => {
    latest.current = recheck;
  }, [recheck]);

  useEffect(() => {
    const run = () => latest.current();
    const onVisible = () => {
      if (document.visibilityState === "visible") run();
    };
    const timer = window.setInterval(run, intervalMs);
    window.addEventListener("focus", run);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("focus", run);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [intervalMs]);
}
