import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { SHIPPING_LINES } from "../../../../shared/enums";
import { paths } from "../../app/paths";
import { Alert } from "../../components/ui/alert";
import { Badge, type BadgeTone } from "../../components/ui/badge";
import { Spinner } from "../../components/ui/state";
import { Table, TableMessage, TBody, Td, THead, Th, Tr } from "../../components/ui/table";
import { LOCALES } from "../../lib/format";
import { currentLanguage } from "../../lib/i18n";
import type { RouterOutputs } from "../../lib/trpc";

type Import = RouterOutputs["cyberport"]["state"]["lastImports"][number];

const LINE_LABEL = new Map<string, string>(SHIPPING_LINES.map((l) => [l.code, l.label]));

const STATUS_TONE: Record<Import["status"], BadgeTone> = {
  QUEUED: "info",
  RUNNING: "info",
  SUCCEEDED: "success",
  FAILED: "danger",
};

export const isImportActive = (i: Import | undefined) => i?.status === "QUEUED" || i?.status === "RUNNING";

function When({ value }: { value: string }) {
  const language = currentLanguage();
  const text = new Intl.DateTimeFormat(LOCALES[language], { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(value),
  );
  return <time dateTime={value}>{text}</time>;
}

function StatusBadge({ status }: { status: Import["status"] }) {
  const { t } = useTranslation();
  return <Badge tone={STATUS_TONE[status]}>{t(`cyberport.import.statuses.${status}`)}</Badge>;
}

/** The latest import: its progress while it runs, then what it created and skipped, and why. */
export function CyberportLatestImport({ latest }: { latest: Import }) {
  const { t } = useTranslation();
  const counts = { created: latest.createdCount, skipped: latest.skippedCount };
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <span className="font-medium text-slate-900">{t("cyberport.import.latest")}</span>
        <StatusBadge status={latest.status} />
        <When value={latest.createdAt} />
        {latest.requestedByNickname ? (
          <span>· {t("cyberport.import.requestedBy", { name: latest.requestedByNickname })}</span>
        ) : null}
      </div>
      {isImportActive(latest) ? (
        <div
          role="status"
          className="flex items-center gap-3 rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-900"
        >
          <Spinner />
          <span>
            {t("cyberport.import.running")} {t("cyberport.import.progress", counts)}
          </span>
        </div>
      ) : latest.status === "FAILED" ? (
        <Alert tone="error" role="status" title={t("cyberport.import.failed")}>
          {latest.errorCode ? t(`errors.${latest.errorCode}`) : t("errors.SOMETHING_FAILED")}
          {latest.report.length > 0 ? <> {t("cyberport.import.summary", counts)}</> : null}
        </Alert>
      ) : (
        <Alert tone="success" role="status">
          {t("cyberport.import.summary", counts)}
        </Alert>
      )}
      {latest.report.length > 0 || latest.status === "SUCCEEDED" ? <ImportReport entry={latest} /> : null}
    </div>
  );
}

function ImportReport({ entry }: { entry: Import }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const time = new Intl.DateTimeFormat(LOCALES[language], { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(entry.createdAt),
  );
  return (
    <Table caption={t("cyberport.import.report.caption", { time })}>
      <THead>
        <Th>{t("cyberport.import.report.booking")}</Th>
        <Th>{t("cyberport.import.report.trackingNumber")}</Th>
        <Th>{t("cyberport.import.report.line")}</Th>
        <Th>{t("cyberport.import.report.type")}</Th>
        <Th>{t("cyberport.import.report.result")}</Th>
      </THead>
      <TBody>
        {entry.report.length === 0 ? (
          <TableMessage colSpan={5}>{t("cyberport.import.report.empty")}</TableMessage>
        ) : (
          entry.report.map((row) => (
            <Tr key={row.bookingId}>
              <Td className="whitespace-nowrap font-medium text-slate-900">{row.bookingId}</Td>
              <Td className="whitespace-nowrap font-mono text-xs">{row.trackingNumber ?? "—"}</Td>
              <Td className="whitespace-nowrap">
                {row.shippingLine ? (LINE_LABEL.get(row.shippingLine) ?? row.shippingLine) : "—"}
              </Td>
              <Td className="whitespace-nowrap">
                {row.trackingType ? t(`shipment.trackingTypes.${row.trackingType}`) : "—"}
              </Td>
              <Td>
                {row.outcome === "CREATED" && row.shipmentId ? (
                  <Link
                    href={`${paths.shipments}/${row.shipmentId}`}
                    className="font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900"
                    aria-label={t("cyberport.import.report.open", {
                      number: row.trackingNumber ?? row.bookingId,
                    })}
                  >
                    {t("cyberport.import.report.created")}
                  </Link>
                ) : (
                  <div className="flex min-w-64 items-start gap-2 whitespace-normal">
                    <Badge tone="warning">{t("cyberport.import.report.skipped")}</Badge>
                    {row.code ? <span>{t(`errors.${row.code}`)}</span> : null}
                  </div>
                )}
              </Td>
            </Tr>
          ))
        )}
      </TBody>
    </Table>
  );
}

/** Earlier imports, one line each. */
export function CyberportEarlierImports({ imports }: { imports: Import[] }) {
  const { t } = useTranslation();
  if (imports.length === 0) return null;
  return (
    <div>
      <h4 className="text-sm font-medium text-slate-900">{t("cyberport.import.earlier")}</h4>
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {imports.map((i) => (
          <li key={i.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-slate-600">
            <When value={i.createdAt} />
            <StatusBadge status={i.status} />
            <span>{t("cyberport.import.summary", { created: i.createdCount, skipped: i.skippedCount })}</span>
            {i.status === "FAILED" && i.errorCode ? (
              <span className="text-red-700">{t(`errors.${i.errorCode}`)}</span>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
