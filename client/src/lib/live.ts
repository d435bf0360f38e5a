import { type Query, type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, useSyncExternalStore } from "react";

// The console's live schedule updates: one EventSource per open console (mounted by the shell),
// carrying only the ids of changed shipments. Each id refetches the queries that show it, through
// the ordinary authorized procedures; the detail page polls only while the stream is down.
// See docs/decisions/0086-live-updates.md.

export const LIVE_EVENTS_URL = "/live/events";

/** How long a changed shipment's dates stay highlighted. */
export const LIVE_HIGHLIGHT_MS = 3_000;
/** Changes arriving this close together are refetched together. */
const COALESCE_MS = 150;
/** After the server refused or ended the stream (signed out, too many tabs), try again this late. */
const REOPEN_AFTER_MS = 30_000;

type Listener = () => void;
const listeners = new Set<Listener>();
let connected = false;
const changedAt = new Map<string, number>();

function emit() {
  for (const l of listeners) l();
}
function subscribe(l: Listener) {
  listeners.add(l);
  return () => listeners.delete(l);
}
function setConnected(value: boolean) {
  if (connected === value) return;
  connected = value;
  // Readable from outside React (browser tests, a support session's inspector).
  document.documentElement.dataset.live = value ? "open" : "down";
  emit();
}

/** Query keys the console's shipment data lives under (tRPC: [[router, procedure], …]). */
function isShipmentQuery(query: Query): boolean {
  const path = query.queryKey[0];
  return Array.isArray(path) && (path[0] === "shipments" || path[0] === "share");
}

/** Whether a query's cached answer mentions the shipment (a list row, the detail, its history). */
function mentions(query: Query, ids: ReadonlySet<string>): boolean {
  if (!isShipmentQuery(query)) return false;
  const key = JSON.stringify(query.queryKey);
  for (const id of ids) if (key.includes(id)) return true;
  const data = query.state.data;
  if (data === undefined) return false;
  const text = JSON.stringify(data);
  for (const id of ids) if (text.includes(id)) return true;
  return false;
}

function openStream(client: QueryClient): () => void {
  let source: EventSource | null = null;
  let reopen: ReturnType<typeof setTimeout> | undefined;
  let flush: ReturnType<typeof setTimeout> | undefined;
  const pending = new Set<string>();
  let stopped = false;

  const refetch = () => {
    flush = undefined;
    const ids = new Set(pending);
    pending.clear();
    void client.invalidateQueries({ predicate: (q) => mentions(q, ids) });
  };
  const start = () => {
    if (stopped) return;
    source = new EventSource(LIVE_EVENTS_URL);
    source.onopen = () => setConnected(true);
    source.onerror = () => {
      // CONNECTING: the browser reconnects by itself (with Last-Event-ID); CLOSED: it was refused.
      setConnected(false);
      if (source?.readyState === EventSource.CLOSED) scheduleReopen();
    };
    source.addEventListener("shipment", (event) => {
      const id = parseShipmentId((event as MessageEvent<string>).data);
      if (!id) return;
      changedAt.set(id, Date.now());
      emit();
      pending.add(id);
      flush ??= setTimeout(refetch, COALESCE_MS);
    });
    // Too much was missed to replay: refetch every shipment on screen.
    source.addEventListener("reset", () => {
      void client.invalidateQueries({ predicate: isShipmentQuery });
    });
    // The session ended: the pages' own requests now show the sign-in.
    source.addEventListener("end", () => {
      source?.close();
      setConnected(false);
      void client.invalidateQueries();
      scheduleReopen();
    });
  };
  const scheduleReopen = () => {
    source?.close();
    source = null;
    if (!stopped && reopen === undefined) {
      reopen = setTimeout(() => {
        reopen = undefined;
        start();
      }, REOPEN_AFTER_MS);
    }
  };
  start();
  return () => {
    stopped = true;
    clearTimeout(reopen);
    clearTimeout(flush);
    source?.close();
    setConnected(false);
  };
}

function parseShipmentId(data: string): string | null {
  try {
    const id = (JSON.parse(data) as { shipmentId?: unknown }).shipmentId;
    return typeof id === "string" ? id : null;
  } catch {
    return null;
  }
}

/** Opens the live stream for as long as the calling component (the console shell) is mounted. */
export function useLiveUpdates(): void {
  const client = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    return openStream(client);
  }, [client]);
}

/** Whether the live stream is open right now (polling is the fallback while it is not). */
export function useLiveConnected(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => connected,
    () => false,
  );
}

/**
 * True for LIVE_HIGHLIGHT_MS after a live update about the shipment arrived, and a number that
 * changes with every such update (a React key that restarts the highlight).
 */
export function useLiveChanged(shipmentId: string): { changed: boolean; mark: number } {
  const at = useSyncExternalStore(
    subscribe,
    () => changedAt.get(shipmentId) ?? 0,
    () => 0,
  );
  const [, rerender] = useState(0);
  const fresh = at > 0 && Date.now() - at < LIVE_HIGHLIGHT_MS;
  useEffect(() => {
    if (!fresh) return;
    const timer = setTimeout(() => rerender((n) => n + 1), LIVE_HIGHLIGHT_MS - (Date.now() - at));
    return () => clearTimeout(timer);
  }, [fresh, at]);
  return { changed: fresh, mark: at };
}
