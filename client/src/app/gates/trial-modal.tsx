import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { Role } from "../../../../shared/enums";
import { can } from "../../../../shared/permissions";
import { Button, buttonClasses } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { paths } from "../paths";
import { companyTrialDaysLeft } from "./trial-days";
import { lastTrialModalDay, rememberTrialModalShown, shouldShowTrialModal } from "./trial-modal-rule";
import type { ViewerCompany } from "./viewer";

/** The once-a-day reminder in the last 7 days of the free trial (spec 01 §2). */
export function TrialModal({ company, role }: { company: ViewerCompany; role: Role | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Counted when the modal opens, so its wording matches the day it decided to show on.
  const [left, setLeft] = useState(0);

  useEffect(() => {
    const now = new Date();
    if (!shouldShowTrialModal(company, lastTrialModalDay(), now)) return;
    rememberTrialModalShown(now);
    setLeft(companyTrialDaysLeft(company, now) ?? 0);
    setOpen(true);
  }, [company]);

  const canUpgrade = role !== null && can(role, "company.upgrade");
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t("gates.trialModal.title")}
      closeLabel={t("common.close")}
      description={
        left <= 0 ? t("gates.trialModal.endsToday") : t("gates.trialModal.endsIn", { count: left })
      }
    >
      <p className="mt-2 text-sm text-slate-600">
        {canUpgrade ? t("gates.trialModal.body") : t("gates.trialModal.askAdmin")}
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={() => setOpen(false)}>
          {t("gates.trialModal.later")}
        </Button>
        {canUpgrade ? (
          <Link href={paths.plans} onClick={() => setOpen(false)} className={buttonClasses("primary")}>
            {t("gates.trialModal.seePlans")}
          </Link>
        ) : null}
      </div>
    </Dialog>
  );
}
