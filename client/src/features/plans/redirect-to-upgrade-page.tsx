import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { paths } from "../../app/paths";
import { Alert } from "../../components/ui/alert";
import { Button, buttonClasses } from "../../components/ui/button";
import { LoadingState } from "../../components/ui/state";
import { useDocumentTitle } from "../../lib/document-title";
import { failureText } from "../../lib/error-text";
import { trpcAppCode, useViewerQuery } from "../../lib/session";
import { trpc } from "../../lib/trpc";
import { AdminOnly } from "./shared-ui";

/** /app/console/plans/redirect-to-upgrade (spec 02 §2): fetch the checkout address and go there. */
export function RedirectToUpgradePage() {
  const viewer = useViewerQuery().data;
  if (!viewer) return null;
  if (viewer.role !== "ADMIN") return <AdminOnly role={viewer.role} action="company.billing" />;
  return <Redirecting />;
}

function Redirecting() {
  const { t } = useTranslation();
  useDocumentTitle(t("plans.checkout.redirecting"));
  const checkout = trpc.plans.createCheckoutUrl.useMutation();
  const [failure, setFailure] = useState<{ text: string; lasting: boolean } | null>(null);
  const started = useRef(false);
  const go = useCallback(() => {
    setFailure(null);
    checkout.mutate(undefined, {
      // The payment page is another site: a full navigation, not a route change.
      onSuccess: ({ url }) => window.location.assign(url),
      // Without a card provider configured, trying again cannot help: bank transfer is the way.
      onError: (error) =>
        setFailure({
          text: failureText(error, t),
          lasting: trpcAppCode(error) === "CARD_PAYMENT_NOT_CONFIGURED",
        }),
    });
  }, [checkout, t]);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    go();
  }, [go]);
  if (failure) {
    return (
      <div className="mx-auto max-w-xl space-y-4 py-10">
        <Alert tone={failure.lasting ? "warning" : "error"} role="alert">
          <p className="font-medium">
            {failure.lasting ? t("plans.checkout.cardUnavailableTitle") : t("plans.checkout.redirectFailed")}
          </p>
          <p>{failure.text}</p>
        </Alert>
        <div className="flex flex-wrap gap-3">
          {failure.lasting ? null : (
            <Button variant="primary" onClick={go} disabled={checkout.isPending}>
              {t("plans.checkout.retry")}
            </Button>
          )}
          <Link href={paths.plans} className={buttonClasses(failure.lasting ? "primary" : "secondary")}>
            {t("plans.checkout.backToPlans")}
          </Link>
        </div>
      </div>
    );
  }
  return <LoadingState label={t("plans.checkout.redirecting")} className="py-16" />;
}
