import { keepPreviousData } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge, type BadgeTone } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { SettingsSection } from "../../components/ui/section";
import { ErrorState } from "../../components/ui/state";
import { Table, TableMessage, TBody, Td, THead, Th, Tr } from "../../components/ui/table";
import { useToast } from "../../components/ui/toast";
import { viewerDateTime } from "../../lib/date-time";
import { failureText } from "../../lib/error-text";
import { type RouterOutputs, trpc } from "../../lib/trpc";

type Delivery = RouterOutputs["webhooks"]["deliveries"]["items"][number];

const STATUS_TONE: Record<Delivery["status"], BadgeTone> = {
  PENDING: "info",
  DELIVERED: "success",
  FAILED: "danger",
};

/** While a delivery is still being tried, the log follows it without a manual refresh. */
const PENDING_POLL_MS = 5000;
const COLUMNS = 6;

/** The webhook's delivery log: time, event, status, attempts, answer, and Redeliver. */
export function DeliveriesSection() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const deliveries = trpc.webhooks.deliveries.useQuery(
    { page },
    {
      placeholderData: keepPreviousData,
      refetchInterval: (query) =>
        query.state.data?.items.some((d) => d.status === "PENDING") ? PENDING_POLL_MS : false,
    },
  );

  let rows: React.ReactNode;
  if (deliveries.isError) {
    rows = (
      <TableMessage colSpan={COLUMNS}>
        <ErrorState message={failureText(deliveries.error, t)} onRetry={() => void deliveries.refetch()} />
      </TableMessage>
    );
  } else if (!deliveries.data) {
    rows = <TableMessage colSpan={COLUMNS}>{t("common.loading")}</TableMessage>;
  } else if (deliveries.data.items.length === 0) {
    rows = <TableMessage colSpan={COLUMNS}>{t("apiSettings.deliveries.empty")}</TableMessage>;
  } else {
    rows = deliveries.data.items.map((d) => <DeliveryRow key={d.id} delivery={d} />);
  }

  const hasNext = deliveries.data?.hasNextPage ?? false;
  return (
    <SettingsSection
      id="api-deliveries"
      title={t("apiSettings.deliveries.title")}
      description={t("apiSettings.deliveries.description")}
      aside={
        <Button size="sm" onClick={() => void deliveries.refetch()} disabled={deliveries.isFetching}>
          {t("apiSettings.deliveries.refresh")}
        </Button>
      }
    >
      <Table caption={t("apiSettings.deliveries.caption")}>
        <THead>
          <Th>{t("apiSettings.deliveries.time")}</Th>
          <Th>{t("apiSettings.deliveries.event")}</Th>
          <Th>{t("apiSettings.deliveries.status")}</Th>
          <Th>{t("apiSettings.deliveries.attempts")}</Th>
          <Th>{t("apiSettings.deliveries.response")}</Th>
          <Th>
            <span className="sr-only">{t("apiSettings.deliveries.actions")}</span>
          </Th>
        </THead>
        <TBody>{rows}</TBody>
      </Table>
      {page > 1 || hasNext ? (
        <nav
          className="mt-4 flex items-center justify-between gap-3"
          aria-label={t("apiSettings.deliveries.title")}
        >
          <Button size="sm" disabled={page <= 1} onClick={() => setPage((p) => Math.max(1, p - 1))}>
            {t("apiSettings.deliveries.newer")}
          </Button>
          <span className="text-sm text-slate-500">{t("apiSettings.deliveries.page", { page })}</span>
          <Button size="sm" disabled={!hasNext} onClick={() => setPage((p) => p + 1)}>
            {t("apiSettings.deliveries.older")}
          </Button>
        </nav>
      ) : null}
    </SettingsSection>
  );
}

function DeliveryRow({ delivery }: { delivery: Delivery }) {
  const { t } = useTranslation();
  const toast = useToast();
  const utils = trpc.useUtils();
  const redeliver = trpc.webhooks.redeliver.useMutation();
  const when = viewerDateTime(delivery.createdAt);
  const run = async () => {
    try {
      await redeliver.mutateAsync({ deliveryId: delivery.id });
      toast.success(t("apiSettings.deliveries.redelivered"));
      await utils.webhooks.deliveries.invalidate();
    } catch (error) {
      toast.error(failureText(error, t));
    }
  };
  return (
    <Tr>
      <Td>
        <time dateTime={delivery.createdAt}>{when}</time>
      </Td>
      <Td className="font-mono text-xs">{delivery.event}</Td>
      <Td>
        <Badge tone={STATUS_TONE[delivery.status]}>
          {t(`apiSettings.deliveries.statuses.${delivery.status}`)}
        </Badge>
        {delivery.nextAttemptAt ? (
          <span className="ml-2 text-xs text-slate-500">
            {t("apiSettings.deliveries.nextAttempt", { date: viewerDateTime(delivery.nextAttemptAt) })}
          </span>
        ) : null}
      </Td>
      <Td>{delivery.attempts}</Td>
      <Td className="text-xs">
        <DeliveryAnswer delivery={delivery} />
      </Td>
      <Td className="text-right">
        {/* A pending delivery is already being tried; the others may be sent again. */}
        {delivery.status === "PENDING" ? null : (
          <Button
            size="sm"
            variant="ghost"
            disabled={redeliver.isPending}
            aria-label={t("apiSettings.deliveries.redeliverLabel", { event: delivery.event, date: when })}
            onClick={() => void run()}
          >
            {t("apiSettings.deliveries.redeliver")}
          </Button>
        )}
      </Td>
    </Tr>
  );
}

const KNOWN_ERRORS = new Set([
  "INVALID_URL",
  "HTTPS_REQUIRED",
  "CREDENTIALS_IN_URL",
  "PRIVATE_ADDRESS",
  "HOST_NOT_FOUND",
  "TIMEOUT",
  "CONNECTION_FAILED",
  "REDIRECT_NOT_FOLLOWED",
  "ENDPOINT_DISABLED",
]);

/** The receiver's status code, else why no answer came (the SSRF guard, a timeout…). */
function DeliveryAnswer({ delivery }: { delivery: Delivery }) {
  const { t } = useTranslation();
  const error = delivery.lastError;
  if (error && KNOWN_ERRORS.has(error)) return <>{t(`apiSettings.deliveries.errors.${error}`)}</>;
  if (delivery.responseCode !== null) return <span className="font-mono">{delivery.responseCode}</span>;
  if (error) return <span className="font-mono">{error}</span>;
  return <>{delivery.attempts > 0 ? t("apiSettings.deliveries.noResponse") : "—"}</>;
}
