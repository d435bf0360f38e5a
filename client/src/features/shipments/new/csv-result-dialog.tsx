import * as DialogPrimitive from "@radix-ui/react-dialog";
import { useTranslation } from "react-i18next";
import { paths } from "../../../app/paths";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { ExternalLinkIcon } from "../../../components/ui/icons-actions";
import { useReturnFocus } from "../../../components/ui/return-focus";
import { isShippingLine, isTrackingType, lineLabel } from "./line-options";
import type { CsvRowResult } from "./use-csv-import";

/**
 * The result modal of CSV create (spec 01 §2): Line, Status, Liner, Tracking Type, Tracking No.,
 * Created (opens the shipment in a new tab), Error; failed lines highlighted. Done (or Escape)
 * clears the results; a click outside does not. Wider than the shared Dialog, since seven
 * columns must stay readable.
 */
export function CsvResultDialog({
  results,
  onDone,
}: {
  results: readonly CsvRowResult[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const created = results.filter((r) => r.status === "success").length;
  const liner = (value: string) => (isShippingLine(value) ? lineLabel(value, t) : value);
  const type = (value: string) => (isTrackingType(value) ? t(`shipment.trackingTypes.${value}`) : value);
  const onCloseAutoFocus = useReturnFocus(true);
  return (
    <DialogPrimitive.Root open onOpenChange={(open) => !open && onDone()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <DialogPrimitive.Content
          // A stray click beside the modal must not throw away the only record of the results.
          onPointerDownOutside={(event) => event.preventDefault()}
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[min(64rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white p-6 shadow-xl outline-none"
        >
          <DialogPrimitive.Title className="text-lg font-semibold text-slate-900">
            {t("shipmentNew.csv.result.title")}
          </DialogPrimitive.Title>
          <DialogPrimitive.Description className="mt-1 text-sm text-slate-600">
            {t("shipmentNew.csv.result.summary", {
              created,
              failed: results.length - created,
              total: results.length,
            })}
          </DialogPrimitive.Description>
          <div className="mt-4 min-h-0 flex-1 overflow-auto rounded-lg border border-slate-200">
            <table className="w-full border-collapse text-left text-sm">
              <caption className="sr-only">{t("shipmentNew.csv.result.caption")}</caption>
              <thead className="sticky top-0 bg-slate-50 text-xs font-medium tracking-wide text-slate-500 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2.5">
                    {t("shipmentNew.csv.result.line")}
                  </th>
                  <th scope="col" className="px-3 py-2.5">
                    {t("shipmentNew.csv.result.status")}
                  </th>
                  <th scope="col" className="px-3 py-2.5">
                    {t("shipment.fields.shippingLine")}
                  </th>
                  <th scope="col" className="px-3 py-2.5">
                    {t("shipment.fields.trackingType")}
                  </th>
                  <th scope="col" className="px-3 py-2.5">
                    {t("shipment.fields.trackingNumber")}
                  </th>
                  <th scope="col" className="px-3 py-2.5">
                    {t("shipmentNew.csv.result.created")}
                  </th>
                  <th scope="col" className="px-3 py-2.5">
                    {t("shipmentNew.csv.result.error")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {results.map((row) => {
                  const failed = row.status === "failed";
                  return (
                    <tr
                      key={row.lineNo}
                      data-status={row.status}
                      className={failed ? "bg-red-50" : "bg-white"}
                    >
                      <td className="px-3 py-2.5 tabular-nums text-slate-700">{row.lineNo}</td>
                      <td className="px-3 py-2.5">
                        <Badge tone={failed ? "danger" : "success"}>
                          {failed ? t("shipmentNew.csv.result.failed") : t("shipmentNew.csv.result.success")}
                        </Badge>
                      </td>
                      <td className="px-3 py-2.5 whitespace-nowrap text-slate-700">{liner(row.liner)}</td>
                      <td className="px-3 py-2.5 whitespace-nowrap text-slate-700">
                        {type(row.trackingType)}
                      </td>
                      <td className="px-3 py-2.5 font-mono text-slate-800">{row.trackingNumber}</td>
                      <td className="px-3 py-2.5">
                        {row.resultId ? (
                          <a
                            href={`${paths.shipments}/${row.resultId}`}
                            target="_blank"
                            rel="noopener noreferrer"
                            aria-label={t("shipmentNew.csv.result.openLabel", { lineNo: row.lineNo })}
                            className="inline-flex items-center gap-1 font-medium text-blue-700 hover:underline"
                          >
                            {t("shipmentNew.csv.result.open")}
                            <ExternalLinkIcon className="size-3.5" />
                          </a>
                        ) : null}
                      </td>
                      <td className={`px-3 py-2.5 ${failed ? "text-red-800" : "text-slate-500"}`}>
                        {row.error}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <div className="mt-5 flex justify-end">
            <Button variant="primary" onClick={onDone}>
              {t("shipmentNew.csv.result.done")}
            </Button>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
