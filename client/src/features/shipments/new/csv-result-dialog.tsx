import * as DialogPrimitive from "@radix-ui/react-dialog";
import { useTranslation } from "react-i18next";
import { paths } from "../../../app/paths";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { ExternalLinkIcon } from "../../../components/ui/icons-actions";
import { useReturnFocus } from "../../../components/ui/return-focus";
import { Table, TBody, Td, THead, Th, Tr } from "../../../components/ui/table";
import { isEscapeLeftByToast } from "../../../components/ui/toast";
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
          onKeyDown={(event) => {
            if (event.key === "Escape" && isEscapeLeftByToast(event.nativeEvent)) onDone();
          }}
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
          <Table caption={t("shipmentNew.csv.result.caption")} className="mt-4 min-h-0 flex-1">
            <THead sticky>
              <Th>{t("shipmentNew.csv.result.line")}</Th>
              <Th>{t("shipmentNew.csv.result.status")}</Th>
              <Th>{t("shipment.fields.shippingLine")}</Th>
              <Th>{t("shipment.fields.trackingType")}</Th>
              <Th>{t("shipment.fields.trackingNumber")}</Th>
              <Th>{t("shipmentNew.csv.result.created")}</Th>
              <Th>{t("shipmentNew.csv.result.error")}</Th>
            </THead>
            <TBody>
              {results.map((row) => {
                const failed = row.status === "failed";
                return (
                  <Tr key={row.lineNo} data-status={row.status} className={failed ? "bg-red-50" : "bg-white"}>
                    <Td className="tabular-nums">{row.lineNo}</Td>
                    <Td>
                      <Badge tone={failed ? "danger" : "success"}>
                        {failed ? t("shipmentNew.csv.result.failed") : t("shipmentNew.csv.result.success")}
                      </Badge>
                    </Td>
                    <Td>{liner(row.liner)}</Td>
                    <Td>{type(row.trackingType)}</Td>
                    <Td className="font-mono">{row.trackingNumber}</Td>
                    <Td>
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
                    </Td>
                    <Td wrap>
                      {/* On a span: a color on the cell would compete with the cell's own. */}
                      <span className={failed ? "text-red-800" : "text-slate-500"}>{row.error}</span>
                    </Td>
                  </Tr>
                );
              })}
            </TBody>
          </Table>
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
