import Papa from "papaparse";
import { type ChangeEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { DebugCard } from "./debug-card";

type ReadResult = { kind: "read"; file: string; count: number } | { kind: "failed"; message: string };

/** Parses a CSV file in the browser; the rows only go to the console (spec 01 §2: "only logs"). */
export function readCsvToConsole(file: File): Promise<number> {
  return new Promise((resolve, reject) => {
    Papa.parse<Record<string, string>>(file, {
      header: true,
      skipEmptyLines: "greedy",
      complete(results) {
        console.log(`[debug_info] ${file.name}: ${results.data.length} rows`, results.data);
        if (results.errors.length > 0)
          console.warn(`[debug_info] ${file.name}: parse errors`, results.errors);
        resolve(results.data.length);
      },
      error: (error) => reject(error),
    });
  });
}

export function CsvReader() {
  const { t } = useTranslation();
  const inputId = useId();
  const [result, setResult] = useState<ReadResult>();

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    try {
      setResult({ kind: "read", file: file.name, count: await readCsvToConsole(file) });
    } catch (error) {
      setResult({ kind: "failed", message: error instanceof Error ? error.message : String(error) });
    }
  }

  return (
    <DebugCard id="debug-csv" title={t("debug.csv.title")} hint={t("debug.csv.hint")}>
      <label htmlFor={inputId} className="mb-2 block text-sm font-medium text-slate-700">
        {t("debug.csv.file")}
      </label>
      <input
        id={inputId}
        type="file"
        accept=".csv,text/csv"
        onChange={(event) => void onChange(event)}
        className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-700 hover:file:bg-slate-50"
      />
      <output aria-live="polite" className="mt-3 block text-sm">
        {result?.kind === "read" ? (
          <span className="text-slate-800">
            {t("debug.csv.rows", { count: result.count, file: result.file })}
          </span>
        ) : null}
        {result?.kind === "failed" ? (
          <span className="text-red-700">{t("debug.csv.failed", { message: result.message })}</span>
        ) : null}
      </output>
    </DebugCard>
  );
}
