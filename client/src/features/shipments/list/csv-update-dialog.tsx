import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { CSV_BULK_UPDATE_MAX_ROWS } from "../../../../../shared/constants";
import type { BulkUpdateCsvOutput } from "../../../../../shared/schemas/list";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogActions } from "../../../components/ui/dialog";
import { Table, TBody, Td, THead, Th, Tr } from "../../../components/ui/table";
import { trpc } from "../../../lib/trpc";
import { useAction } from "../../../lib/use-action";

/** The file's bytes as base64, without the data-URL prefix. */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result ?? "");
      resolve(url.slice(url.indexOf(",") + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error("read failed"));
    reader.readAsDataURL(file);
  });
}

function ResultTable({ result }: { result: BulkUpdateCsvOutput }) {
  const { t } = useTranslation();
  return (
    <Table caption={t("shipmentList.csvUpdate.resultCaption")} className="max-h-[50dvh]" minWidth="min-w-0">
      <THead sticky>
        <Th>{t("shipmentList.csvUpdate.line")}</Th>
        <Th>{t("shipmentList.csvUpdate.status")}</Th>
        <Th>{t("shipmentList.csvUpdate.shipmentId")}</Th>
        <Th>{t("shipmentList.csvUpdate.error")}</Th>
      </THead>
      <TBody>
        {result.rows.map((row) => (
          <Tr
            key={row.lineNo}
            data-status={row.status}
            className={row.status === "failed" ? "bg-red-50/70" : ""}
            // Up to thousands of lines: rows out of view skip layout and paint.
            style={{ contentVisibility: "auto", containIntrinsicSize: "auto 45px" }}
          >
            <Td className="tabular-nums">{row.lineNo}</Td>
            <Td>
              <Badge tone={row.status === "success" ? "success" : "danger"}>
                {row.status === "success"
                  ? t("shipmentList.csvUpdate.success")
                  : t("shipmentList.csvUpdate.failed")}
              </Badge>
            </Td>
            <Td className="font-mono text-xs">{row.shipmentId ?? ""}</Td>
            <Td wrap>
              {/* On a span: a color on the cell would compete with the cell's own. */}
              <span className="text-red-800">{row.error ?? ""}</span>
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

/**
 * CSV bulk update (spec 01 §4, §5): pick a file, send it (Shift JIS or UTF-8 is decoded on the
 * server), then read the per-line result; Done clears it.
 */
export function CsvUpdateDialog({
  open,
  onOpenChange,
  teamId,
  onUpdated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  teamId: string | null;
  onUpdated: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const run = useAction();
  const update = trpc.shipments.bulkUpdateCsv.useMutation();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<BulkUpdateCsvOutput | null>(null);

  const close = (next: boolean) => {
    if (!next && update.isPending) return;
    if (!next) {
      setFile(null);
      setError(null);
      setResult(null);
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file?.name.toLowerCase().endsWith(".csv")) {
      setError(t("shipmentList.csvUpdate.onlyCsv"));
      return;
    }
    setError(null);
    const fileBase64 = await readBase64(file);
    const answer = await run(() => update.mutateAsync({ teamId, fileName: file.name, fileBase64 }));
    if (!answer) return;
    setResult(answer);
    if (answer.succeeded > 0) await onUpdated();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t("shipmentList.csvUpdate.title")}
      description={t("shipmentList.csvUpdate.body", { max: CSV_BULK_UPDATE_MAX_ROWS.toLocaleString() })}
      closeLabel={t("common.close")}
      size="lg"
    >
      {result ? (
        <div className="mt-4 space-y-4">
          <p role="status" className="text-sm font-medium text-slate-800">
            {t("shipmentList.csvUpdate.summary", { succeeded: result.succeeded, failed: result.failed })}
          </p>
          <ResultTable result={result} />
          <div className="flex justify-end">
            <Button variant="primary" onClick={() => close(false)}>
              {t("shipmentList.csvUpdate.done")}
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="mt-4 space-y-5">
          <div>
            <label htmlFor={id} className="block text-sm font-medium text-slate-800">
              {t("shipmentList.csvUpdate.file")}
            </label>
            <input
              id={id}
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className="mt-1.5 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-700 hover:file:bg-slate-50"
            />
            {error ? (
              <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
                {error}
              </p>
            ) : null}
          </div>
          <DialogActions
            onCancel={() => close(false)}
            submitLabel={t("shipmentList.csvUpdate.submit")}
            pending={update.isPending}
          />
        </form>
      )}
    </Dialog>
  );
}
