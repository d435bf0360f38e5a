import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Brand } from "../../app/shell/brand";
import { LineNotice } from "../../components/shipment/line-notice";
import { ShipIcon } from "../../components/ui/icons";
import { EmptyState, ErrorState, LoadingState } from "../../components/ui/state";
import { errorText } from "../../lib/auth-api";
import { useDocumentTitle } from "../../lib/document-title";
import { shouldRetryQuery } from "../../lib/query-client";
import { trpcAppCode } from "../../lib/session";
import { trpc } from "../../lib/trpc";
import { ShareFiles } from "./share-files";
import { ShareHeader } from "./share-header";
import { ShareOverview } from "./share-overview";
import { sharedShipmentName } from "./types";
import { VisitorLinks } from "./visitor-links";

const isNotFound = (error: unknown) => {
  const code = trpcAppCode(error);
  return code === "SHIPMENT_NOT_FOUND" || code === "VALIDATION_FAILED";
};

/**
 * The shared shipment page, /app/share/{shareToken} (spec 02 §2): for anyone holding the link,
 * outside the console's gates. Signed-in guests also get the Attached Files they may use.
 */
export function SharePage({ shareToken }: { shareToken: string }) {
  const { t } = useTranslation();
  const query = trpc.share.shipment.useQuery(
    { shareToken },
    { retry: (count, error) => !isNotFound(error) && shouldRetryQuery(count, error) },
  );
  const shipment = query.data;
  useDocumentTitle(shipment ? sharedShipmentName(shipment) : t("share.page.documentTitle"));

  let content: ReactNode;
  if (shipment) {
    content = (
      <div className="flex flex-col gap-5">
        <ShareHeader shipment={shipment} />
        <LineNotice line={shipment.shippingLine} />
        <p className="text-sm text-slate-600">{t("share.page.readOnly")}</p>
        <ShareOverview shipment={shipment} />
        {shipment.isConnectEnabled ? <ShareFiles shipment={shipment} /> : null}
      </div>
    );
  } else if (query.isError && isNotFound(query.error)) {
    content = (
      <EmptyState icon={<ShipIcon className="size-6" />} title={t("share.page.notFound")}>
        {t("share.page.notFoundBody")}
      </EmptyState>
    );
  } else if (query.isError) {
    content = (
      <ErrorState
        message={errorText(query.error, t("share.page.loadFailed"))}
        onRetry={() => void query.refetch()}
      />
    );
  } else {
    content = <LoadingState />;
  }

  const viewer = shipment?.viewer;
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
        <Brand />
        {viewer?.signedIn && viewer.email ? (
          <p className="text-sm text-slate-600">{t("share.visitor.signedInAs", { email: viewer.email })}</p>
        ) : viewer ? (
          <VisitorLinks size="sm" />
        ) : null}
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6">{content}</main>
    </div>
  );
}
