import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PremiumBadge } from "../../../components/shared/premium";
import { Button } from "../../../components/ui/button";
import { ChevronDownIcon } from "../../../components/ui/icons";
import { Menu, MenuContent, MenuItem, MenuTrigger } from "../../../components/ui/menu";
import { useToast } from "../../../components/ui/toast";
import type { ListAbilities } from "./abilities";
import { type CsvExportPath, postCsvExport } from "./csv-export";
import { CsvUpdateDialog } from "./csv-update-dialog";
import { type SelectionStore, useSelectionCount } from "./selection-store";

/**
 * The 'Other Operations' dropdown (spec 01 §2, §4): CSV export of the selected shipments or of
 * their containers (Premium; the badge shows below it), and the CSV bulk update.
 */
export function OtherOperations({
  store,
  abilities,
  teamId,
  onChanged,
}: {
  store: SelectionStore;
  abilities: ListAbilities;
  teamId: string | null;
  onChanged: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const count = useSelectionCount(store);
  const [updating, setUpdating] = useState(false);
  const exportable = abilities.csvExport === "allowed";
  if (abilities.csvExport === "hidden" && !abilities.edit) return null;

  const exportCsv = (path: CsvExportPath) => {
    if (count === 0) {
      toast.error(t("shipmentList.other.exportNeedsSelection"));
      return;
    }
    postCsvExport(path, teamId, store.selectedIds());
  };

  return (
    <div className="flex items-center gap-2">
      <Menu>
        <MenuTrigger asChild>
          <Button>
            {t("shipmentList.other.button")}
            <ChevronDownIcon className="size-4" />
          </Button>
        </MenuTrigger>
        <MenuContent align="end">
          {abilities.csvExport !== "hidden" ? (
            <>
              <MenuItem disabled={!exportable} onSelect={() => exportCsv("/csv_download_v2")}>
                {t("shipmentList.other.csvExport")}
              </MenuItem>
              <MenuItem disabled={!exportable} onSelect={() => exportCsv("/csv_download_containers")}>
                {t("shipmentList.other.csvExportContainers")}
              </MenuItem>
            </>
          ) : null}
          {abilities.edit ? (
            <MenuItem onSelect={() => setUpdating(true)}>{t("shipmentList.other.csvUpdate")}</MenuItem>
          ) : null}
        </MenuContent>
      </Menu>
      {abilities.csvExport === "upgrade" ? (
        <PremiumBadge canUpgrade={abilities.canUpgrade} feature={t("shipmentList.other.exportFeature")} />
      ) : null}
      {abilities.edit ? (
        <CsvUpdateDialog open={updating} onOpenChange={setUpdating} teamId={teamId} onUpdated={onChanged} />
      ) : null}
    </div>
  );
}
