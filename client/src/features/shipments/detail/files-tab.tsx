import { useTranslation } from "react-i18next";
import { FileIcon } from "./detail-icons";
import { Panel } from "./panel";

/**
 * Files (connect feature only). Attachments come with their own issue; until then the tab says so
 * plainly instead of showing an upload that would not work.
 */
export function FilesTab() {
  const { t } = useTranslation();
  return (
    <Panel title={t("shipmentDetail.files.title")}>
      <div className="flex flex-col items-center gap-3 py-8 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
          <FileIcon className="size-6" />
        </span>
        <p className="font-medium text-slate-900">{t("shipmentDetail.files.empty")}</p>
        <p className="max-w-md text-sm text-slate-600">{t("shipmentDetail.files.body")}</p>
      </div>
    </Panel>
  );
}
