import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { paths } from "../../../app/paths";
import { Button, buttonClasses } from "../../../components/ui/button";
import { PackageIcon } from "../../../components/ui/icons";
import { PlusIcon } from "../../../components/ui/icons-actions";
import { EmptyState } from "../../../components/ui/state";

/** The team has no shipments at all (spec 01 §2): a welcome with 'Add Your First Cargo'. */
export function WelcomeState({ canCreate }: { canCreate: boolean }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      heading="h2"
      icon={<PackageIcon className="size-6" />}
      title={t("shipmentList.empty.welcomeTitle")}
      actions={
        canCreate ? (
          <Link href={`${paths.newShipment}/`} className={buttonClasses("primary")}>
            <PlusIcon className="size-4" />
            {t("shipmentList.empty.addFirst")}
          </Link>
        ) : null
      }
    >
      {t("shipmentList.empty.welcomeBody")}
    </EmptyState>
  );
}

/** A search or filter matched nothing. */
export function NoMatchState({ onClear }: { onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed border-slate-300 bg-white py-14 text-center">
      <p className="text-sm text-slate-700">{t("shipmentList.empty.noMatch")}</p>
      <Button size="sm" onClick={onClear}>
        {t("shipmentList.empty.clearFilters")}
      </Button>
    </div>
  );
}

/** The team has shipments, just none in this tab. */
export function EmptyTabState({ onOngoing }: { onOngoing?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed border-slate-300 bg-white py-14 text-center">
      <p className="text-sm text-slate-700">{t("shipmentList.empty.emptyTab")}</p>
      {onOngoing ? (
        <Button size="sm" onClick={onOngoing}>
          {t("shipmentList.empty.showOngoing")}
        </Button>
      ) : null}
    </div>
  );
}
