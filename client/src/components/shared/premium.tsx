import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { paths } from "../../app/paths";
import { badgeClasses } from "../ui/badge";
import { Button, buttonClasses } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { SparklesIcon } from "../ui/icons-actions";

/**
 * The 'Premium Only' badge of spec 02 §6: a button that explains the feature is on the Premium and
 * Enterprise plans and leads the Admin to Plan and Payment (others are told whom to ask).
 */
export function PremiumBadge({ canUpgrade, feature }: { canUpgrade: boolean; feature: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t("common.premium.badgeLabel", { feature })}
        className={badgeClasses("premium", "cursor-pointer hover:bg-violet-100")}
      >
        <SparklesIcon className="size-3" />
        {t("common.premium.badge")}
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t("common.premium.title")}
        description={
          <>
            <p>{t("common.premium.body", { feature })}</p>
            {canUpgrade ? null : <p>{t("common.premium.askAdmin")}</p>}
          </>
        }
        closeLabel={t("common.close")}
      >
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t("common.close")}
          </Button>
          {canUpgrade ? (
            <Link href={paths.plans} className={buttonClasses("primary")}>
              <SparklesIcon className="size-4" />
              {t("common.premium.viewPlans")}
            </Link>
          ) : null}
        </div>
      </Dialog>
    </>
  );
}
