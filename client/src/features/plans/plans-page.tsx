import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearch } from "wouter";
import { SALES_CONTACT_BUSINESS_DAYS } from "../../../../shared/constants";
import { trialDaysLeft } from "../../../../shared/trial";
import { paths } from "../../app/paths";
import { Alert } from "../../components/ui/alert";
import { Button, buttonClasses } from "../../components/ui/button";
import { PageHeader } from "../../components/ui/page-header";
import { ErrorState, LoadingState } from "../../components/ui/state";
import { useToast } from "../../components/ui/toast";
import { useDocumentTitle } from "../../lib/document-title";
import { failureText } from "../../lib/error-text";
import { useViewerQuery } from "../../lib/session";
import { trpc } from "../../lib/trpc";
import { CompanyInfoSection, ContractsSection, type PlansOverview } from "./contracts-section";
import { PlanCards } from "./plan-cards";
import { AdminOnly, contractDate, redirectToUpgradePath } from "./shared-ui";

/** /app/console/plans (spec 02 §2), Admin only. With session_id it first completes the checkout. */
export function PlansPage() {
  const viewer = useViewerQuery().data;
  const sessionId = new URLSearchParams(useSearch()).get("session_id");
  if (!viewer) return null;
  if (viewer.role !== "ADMIN") return <AdminOnly role={viewer.role} action="company.billing" />;
  if (sessionId) return <CheckoutReturn sessionId={sessionId} />;
  return <PlansContent />;
}

/** The return from the payment page: complete the checkout once, then show /app/console/plans. */
function CheckoutReturn({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t("plans.title"));
  const [, navigate] = useLocation();
  const toast = useToast();
  const utils = trpc.useUtils();
  const complete = trpc.plans.completeCheckout.useMutation();
  const started = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    complete.mutate(
      { sessionId },
      {
        onSuccess: async (result) => {
          await Promise.all([utils.plans.overview.invalidate(), utils.account.viewer.invalidate()]);
          toast.success(t("plans.checkout.completed", { plan: t(`plans.planNames.${result.plan}`) }));
          navigate(paths.plans, { replace: true });
        },
        onError: (error) => setFailure(failureText(error, t)),
      },
    );
  }, [complete, sessionId, utils, toast, t, navigate]);
  if (failure) {
    return (
      <div className="mx-auto max-w-xl space-y-4 py-10">
        <Alert tone="error" role="alert">
          <p className="font-medium">{t("plans.checkout.failed")}</p>
          <p>{failure}</p>
        </Alert>
        <Link href={paths.plans} replace className={buttonClasses("primary")}>
          {t("plans.checkout.backToPlans")}
        </Link>
      </div>
    );
  }
  return <LoadingState label={t("plans.checkout.completing")} className="py-16" />;
}

function BillingPortalButton() {
  const { t } = useTranslation();
  const toast = useToast();
  const portal = trpc.plans.createBillingPortalUrl.useMutation();
  const open = () => {
    // Opened synchronously on the click so the browser allows it, then pointed at the portal.
    const popup = window.open("", "_blank");
    portal.mutate(undefined, {
      onSuccess: ({ url }) => {
        if (popup) {
          popup.opener = null;
          popup.location.href = url;
        } else window.location.assign(url);
      },
      onError: (error) => {
        popup?.close();
        toast.error(failureText(error, t) || t("plans.billing.portalFailed"));
      },
    });
  };
  return (
    <div className="flex flex-col items-end gap-1">
      <Button variant="secondary" onClick={open} disabled={portal.isPending} aria-describedby="portal-hint">
        {t("plans.billing.portal")}
        <span aria-hidden="true">↗</span>
      </Button>
      <span id="portal-hint" className="text-xs text-slate-500">
        {t("plans.billing.portalHint")}
      </span>
    </div>
  );
}

function StatusAlerts({ overview }: { overview: PlansOverview }) {
  const { t } = useTranslation();
  const upcoming = overview.upcomingContract;
  const pending = overview.pendingCardUpgrade;
  return (
    <>
      {overview.company.paymentFailedAt ? (
        <Alert tone="error" role="alert">
          {t("plans.billing.paymentFailed")}
        </Alert>
      ) : null}
      {overview.contractStatus === "WAITING_CONTRACT" && upcoming ? (
        <Alert tone="info" role="status">
          {t("plans.billing.waiting", {
            plan: t(`plans.planNames.${upcoming.plan}`),
            date: contractDate(upcoming.startsAt),
          })}
        </Alert>
      ) : null}
      {overview.pendingUpgrade ? (
        <Alert tone="info" role="status">
          <p className="font-medium">
            {t("plans.billing.requested", {
              plan: t(`plans.planNames.${overview.pendingUpgrade.plan}`),
              date: contractDate(overview.pendingUpgrade.submittedAt),
            })}
          </p>
          <p>{t("plans.cards.salesContact", { days: SALES_CONTACT_BUSINESS_DAYS })}</p>
        </Alert>
      ) : null}
      {overview.refusedUpgrade && overview.showPlanCards ? (
        <Alert tone="warning" role="status">
          <p>
            {t("plans.billing.refused", {
              plan: t(`plans.planNames.${overview.refusedUpgrade.plan}`),
              date: contractDate(overview.refusedUpgrade.submittedAt),
              reason: overview.refusedUpgrade.reason,
            })}
          </p>
          <p>{t("plans.billing.refusedHint")}</p>
        </Alert>
      ) : null}
      {pending && overview.cardPaymentAvailable ? (
        <Alert
          tone="warning"
          role="status"
          actions={
            <Link href={redirectToUpgradePath} className="font-semibold underline underline-offset-2">
              {t("plans.billing.payNow")}
            </Link>
          }
        >
          {t("plans.billing.pendingCard", { plan: t(`plans.planNames.${pending.plan}`) })}
        </Alert>
      ) : null}
    </>
  );
}

function PlansContent() {
  const { t } = useTranslation();
  useDocumentTitle(t("plans.title"));
  const overview = trpc.plans.overview.useQuery();
  if (overview.isError) {
    return <ErrorState message={failureText(overview.error, t)} onRetry={() => void overview.refetch()} />;
  }
  if (!overview.data) return <LoadingState />;
  const data = overview.data;
  const portal =
    data.company.hasPaymentCustomer && data.cardPaymentAvailable ? <BillingPortalButton /> : null;
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("plans.title")}
        description={`${t(`plans.planNames.${data.plan}`)} · ${t(`plans.contractStatus.${data.contractStatus}`)}`}
        actions={portal}
      />
      <StatusAlerts overview={data} />
      {data.showPlanCards ? (
        <PlanCards
          status={data.contractStatus}
          // Counted in calendar days of the browser's zone, as the top bar and trial modal count them.
          trialDaysLeft={data.trialEndsAt ? trialDaysLeft(data.trialEndsAt, new Date()) : null}
        />
      ) : (
        <>
          <CompanyInfoSection overview={data} />
          <ContractsSection overview={data} />
        </>
      )}
    </div>
  );
}
