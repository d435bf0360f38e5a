import { useCallback, useSyncExternalStore } from "react";

// The list's selection lives outside React state: each row subscribes to its own id, so ticking
// one box re-renders that row and the toolbar, never the other 99 (or 100,000) rows.

type Listener = () => void;

export interface SelectionStore {
  isSelected(id: string): boolean;
  selectedIds(): string[];
  count(): number;
  /**
   * A click on a row's box: with `range` (shift held) every row between the last clicked one and
   * this one takes the clicked row's new state; otherwise the row toggles. `ordered` is the order
   * rows are shown in.
   */
  click(id: string, ordered: readonly string[], range: boolean): void;
  setMany(ids: readonly string[], selected: boolean): void;
  clear(): void;
  subscribeRow(id: string, listener: Listener): () => void;
  subscribe(listener: Listener): () => void;
}

/** The ids from `a` to `b` inclusive in `ordered` (either direction); just `b` when `a` is gone. */
export function rangeBetween(ordered: readonly string[], a: string | null, b: string): string[] {
  const to = ordered.indexOf(b);
  const from = a === null ? -1 : ordered.indexOf(a);
  if (to === -1) return [];
  if (from === -1) return [b];
  const [lo, hi] = from <= to ? [from, to] : [to, from];
  return ordered.slice(lo, hi + 1);
}

export function createSelectionStore(): SelectionStore {
  const selected = new Set<string>();
  let anchor: string | null = null;
  const rowListeners = new Map<string, Set<Listener>>();
  const listeners = new Set<Listener>();

  const notify = (changed: Iterable<string>) => {
    for (const id of changed) for (const l of rowListeners.get(id) ?? []) l();
    for (const l of listeners) l();
  };

  const setMany = (ids: readonly string[], on: boolean) => {
    const changed: string[] = [];
    for (const id of ids) {
      if (selected.has(id) === on) continue;
      if (on) selected.add(id);
      else selected.delete(id);
      changed.push(id);
    }
    if (changed.length > 0) notify(changed);
  };

  return {
    isSelected: (id) => selected.has(id),
    selectedIds: () => [...selected],
    count: () => selected.size,
    click(id, ordered, range) {
      const on = !selected.has(id);
      if (range && anchor !== null) setMany(rangeBetween(ordered, anchor, id), on);
      else setMany([id], on);
      anchor = id;
    },
    setMany,
    clear() {
      anchor = null;
      const changed = [...selected];
      selected.clear();
      if (changed.length > 0) notify(changed);
    },
    subscribeRow(id, listener) {
      let set = rowListeners.get(id);
      if (!set) {
        set = new Set();
        rowListeners.set(id, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) rowListeners.delete(id);
      };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Whether one row is selected; re-renders only when that row changes. */
export function useRowSelected(store: SelectionStore, id: string): boolean {
  const subscribe = useCallback((l: Listener) => store.subscribeRow(id, l), [store, id]);
  return useSyncExternalStore(subscribe, () => store.isSelected(id));
}

/** How many rows are selected; for the toolbar and the select-all box. */
export function useSelectionCount(store: SelectionStore): number {
  const subscribe = useCallback((l: Listener) => store.subscribe(l), [store]);
  return useSyncExternalStore(subscribe, () => store.count());
}
