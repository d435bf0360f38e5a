import { useCallback, useState } from "react";
import { z } from "zod";
import {
  DEFAULT_SORT,
  ORDER_BY_TYPES,
  type OrderByType,
  SHIPMENT_SORT_FIELDS,
  SHIPMENT_TABS,
  type ShipmentSortField,
  type ShipmentTab,
} from "../../../../../shared/schemas/list";
import { ColumnSetting } from "../../../../../shared/schemas/search";
import { DEFAULT_COLUMNS, normalizeColumns } from "./columns";

// What spec 01 §4 keeps in browser storage for the list: view mode, tab, columns, their order and
// widths, and the sort. Saved search conditions are kept on the server instead (shared by the
// team and not lost with the browser). A stored value that no longer parses is ignored.

export const VIEW_MODES = ["list", "calendar", "timeline"] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

export const DISPLAY_STORAGE_KEY = "shipmentList.display";

export interface SavedDisplay {
  viewMode: ViewMode;
  tab: ShipmentTab;
  columns: ColumnSetting[];
  orderBy: ShipmentSortField;
  orderByType: OrderByType;
}

export const DEFAULT_DISPLAY: SavedDisplay = {
  viewMode: "list",
  tab: "ONGOING",
  columns: DEFAULT_COLUMNS.map((c) => ({ ...c })),
  orderBy: DEFAULT_SORT.orderBy,
  orderByType: DEFAULT_SORT.orderByType,
};

const Stored = z.object({
  viewMode: z.enum(VIEW_MODES).catch(DEFAULT_DISPLAY.viewMode),
  tab: z.enum(SHIPMENT_TABS).catch(DEFAULT_DISPLAY.tab),
  columns: z.array(ColumnSetting).catch(DEFAULT_DISPLAY.columns),
  orderBy: z.enum(SHIPMENT_SORT_FIELDS).catch(DEFAULT_DISPLAY.orderBy),
  orderByType: z.enum(ORDER_BY_TYPES).catch(DEFAULT_DISPLAY.orderByType),
});

/** The stored display, each part falling back to its default on its own. */
export function parseDisplay(raw: string | null): SavedDisplay {
  if (!raw) return DEFAULT_DISPLAY;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return DEFAULT_DISPLAY;
  }
  const parsed = Stored.safeParse(json);
  if (!parsed.success) return DEFAULT_DISPLAY;
  return { ...parsed.data, columns: normalizeColumns(parsed.data.columns) };
}

function read(): SavedDisplay {
  try {
    return parseDisplay(window.localStorage.getItem(DISPLAY_STORAGE_KEY));
  } catch {
    return DEFAULT_DISPLAY;
  }
}

function write(display: SavedDisplay): void {
  try {
    window.localStorage.setItem(DISPLAY_STORAGE_KEY, JSON.stringify(display));
  } catch {
    // Storage may be full or refused (privacy mode): the display still applies to this visit.
  }
}

/** The saved display and a way to change part of it (written through to storage at once). */
export function useSavedDisplay() {
  const [display, setDisplay] = useState<SavedDisplay>(read);
  const update = useCallback((patch: Partial<SavedDisplay>) => {
    setDisplay((current) => {
      const next = { ...current, ...patch };
      write(next);
      return next;
    });
  }, []);
  const reset = useCallback(() => {
    write(DEFAULT_DISPLAY);
    setDisplay(DEFAULT_DISPLAY);
  }, []);
  return { display, update, reset };
}
