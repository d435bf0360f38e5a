import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type CsvCreateLine, type CsvMessage, readCsvCreateFile } from "../../../../../shared/csv-create";
import type { Plan } from "../../../../../shared/enums";
import { failureText } from "../../../lib/error-text";
import { trpc } from "../../../lib/trpc";

/** One line of the result modal (spec 01 §3 "CSV row result"). */
export interface CsvRowResult {
  lineNo: number;
  status: "success" | "failed";
  liner: string;
  trackingType: string;
  trackingNumber: string;
  /** The created shipment's id. */
  resultId: string | null;
  error: string | null;
}

export type CsvImportState =
  | { phase: "idle" }
  | { phase: "reading"; fileName: string }
  | { phase: "fileError"; fileName: string; error: CsvMessage & { lineNo?: number } }
  | { phase: "ready"; fileName: string; lines: CsvCreateLine[] }
  | { phase: "processing"; fileName: string; total: number; results: CsvRowResult[] }
  | { phase: "done"; fileName: string; results: CsvRowResult[] };

/**
 * Spec 01 §4 CSV create: idle → (file read and checked) → processing, one line after the other in
 * file order, each awaited before the next → results → Done back to idle. Leaving the page stops
 * after the line in flight; nothing is sent twice.
 */
export function useCsvImport(plan: Plan) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const create = trpc.shipments.create.useMutation();
  const [state, setState] = useState<CsvImportState>({ phase: "idle" });
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const choose = useCallback(
    async (file: File) => {
      setState({ phase: "reading", fileName: file.name });
      let bytes: Uint8Array;
      try {
        bytes = new Uint8Array(await file.arrayBuffer());
      } catch {
        setState({ phase: "fileError", fileName: file.name, error: { key: "shipmentNew.csv.readFailed" } });
        return;
      }
      const read = readCsvCreateFile({ name: file.name, bytes }, { plan });
      setState(
        read.ok
          ? { phase: "ready", fileName: file.name, lines: read.lines }
          : { phase: "fileError", fileName: file.name, error: read.error },
      );
    },
    [plan],
  );

  const start = useCallback(
    async (teamId: string, fileName: string, lines: readonly CsvCreateLine[]) => {
      const results: CsvRowResult[] = [];
      setState({ phase: "processing", fileName, total: lines.length, results: [] });
      for (const line of lines) {
        if (!alive.current) return;
        const base = {
          lineNo: line.lineNo,
          liner: line.values.Liner,
          trackingType: line.values.TrackingType,
          trackingNumber: line.values.TrackingNumber,
        };
        if (!line.input) {
          const error = line.error ? t(line.error.key, line.error.params) : null;
          results.push({ ...base, status: "failed", resultId: null, error });
        } else {
          try {
            const created = await create.mutateAsync({ teamId, input: line.input });
            results.push({ ...base, status: "success", resultId: created.id, error: null });
          } catch (error) {
            results.push({ ...base, status: "failed", resultId: null, error: failureText(error, t) });
          }
        }
        if (alive.current)
          setState({ phase: "processing", fileName, total: lines.length, results: [...results] });
      }
      if (!alive.current) return;
      setState({ phase: "done", fileName, results });
      void utils.shipments.invalidate();
    },
    [create, t, utils],
  );

  const reset = useCallback(() => setState({ phase: "idle" }), []);
  return { state, choose, start, reset };
}
