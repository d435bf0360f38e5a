import { useTranslation } from "react-i18next";
import { activityMessage } from "../../../../../shared/activities";
import { Panel } from "../../../components/shipment/panel";
import { formatDateTime } from "../../../components/shipment/time-format";
import { TimeAgo } from "../../../components/shipment/updated-ago";
import { useLanguage } from "../../../components/shipment/use-language";
import { Avatar } from "../../../components/ui/avatar";
import { ErrorState, LoadingState } from "../../../components/ui/state";
import { trpc } from "../../../lib/trpc";

/** Every change of the shipment with who made it, newest first (the tracking engine's own as "Tracking"). */
export function ActivitiesTab({ shipmentId }: { shipmentId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = trpc.shipments.activities.useQuery({ shipmentId });
  return (
    <Panel title={t("shipmentDetail.activities.title")}>
      {query.isError ? (
        <ErrorState message={t("shipmentDetail.loadFailed")} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <LoadingState />
      ) : query.data.length === 0 ? (
        <p className="text-sm text-slate-600">{t("shipmentDetail.activities.empty")}</p>
      ) : (
        <ol className="divide-y divide-slate-100">
          {query.data.map((activity) => {
            const message = activityMessage(activity.kind, activity.params);
            const who = activity.actor?.nickname ?? t("shipmentDetail.activities.system");
            return (
              <li key={activity.id} className="flex items-start gap-3 py-3">
                <Avatar name={who} color={activity.actor?.color ?? "#94a3b8"} />
                <div className="min-w-0 flex-1">
                  <p className="text-sm text-slate-900">
                    <span className="font-medium">{who}</span>{" "}
                    <span className="text-slate-700">{t(message.key, message.params)}</span>
                  </p>
                  <p className="mt-0.5 text-xs text-slate-500">
                    <TimeAgo at={activity.createdAt} /> · {formatDateTime(activity.createdAt, language)}
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </Panel>
  );
}
