import { useTranslation } from "react-i18next";
import type { Plan } from "../../../../../shared/enums";
import { planAllows } from "../../../../../shared/permissions";
import { DownloadIcon } from "./csv-icons";

const COLUMNS = [
  { name: "Liner", required: true },
  { name: "TrackingType", required: true },
  { name: "TrackingNumber", required: true },
  { name: "Title", required: false },
] as const;

const sampleHref = (encoding: "sjis" | "utf8", customFields: boolean) =>
  `/samples/shipments.csv?encoding=${encoding}${customFields ? "&customFields=1" : ""}`;

/** The format explanation and the sample downloads of the Multiple tab (spec 01 §2, §5). */
export function CsvFormatHelp({ plan }: { plan: Plan }) {
  const { t } = useTranslation();
  const customFields = planAllows(plan, "customFields.csv");
  const samples = [
    { key: "sampleExcel", href: sampleHref("sjis", false) },
    { key: "sampleUtf8", href: sampleHref("utf8", false) },
    ...(customFields
      ? [
          { key: "sampleExcelCustom", href: sampleHref("sjis", true) },
          { key: "sampleUtf8Custom", href: sampleHref("utf8", true) },
        ]
      : []),
  ] as const;
  return (
    <section
      aria-labelledby="csv-format"
      className="grid gap-4 rounded-lg border border-slate-200 bg-slate-50/60 p-4"
    >
      <h2 id="csv-format" className="text-sm font-semibold text-slate-900">
        {t("shipmentNew.csv.formatTitle")}
      </h2>
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>{t("shipmentNew.csv.ruleHeader")}</li>
        <li>{t("shipmentNew.csv.ruleEncoding")}</li>
        <li>{t("shipmentNew.csv.ruleLimit")}</li>
      </ul>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_max-content_1fr]">
        {COLUMNS.map((column) => (
          <div key={column.name} className="contents">
            <dt className="font-mono text-slate-900">{column.name}</dt>
            <dd className={column.required ? "font-medium text-slate-800" : "text-slate-500"}>
              {column.required ? t("shipmentNew.csv.required") : t("shipmentNew.csv.optional")}
            </dd>
            <dd className="text-slate-600">{t(`shipmentNew.csv.columns.${column.name}`)}</dd>
          </div>
        ))}
        <div className="contents">
          <dt className="font-mono text-slate-900">CustomField1–3</dt>
          <dd className="text-slate-500">{t("shipmentNew.csv.optional")}</dd>
          <dd className="text-slate-600">
            {customFields
              ? t("shipmentNew.csv.columns.CustomFields")
              : t("shipmentNew.csv.customFieldsUnavailable")}
          </dd>
        </div>
      </dl>
      <div>
        <h3 className="text-sm font-medium text-slate-800">{t("shipmentNew.csv.samplesTitle")}</h3>
        <ul className="mt-2 flex flex-wrap gap-2">
          {samples.map((sample) => (
            <li key={sample.key}>
              <a
                href={sample.href}
                download
                className="inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
              >
                <DownloadIcon className="size-4" />
                {t(`shipmentNew.csv.${sample.key}`)}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
