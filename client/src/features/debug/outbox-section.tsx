import type { inferRouterOutputs } from "@trpc/server";
import { useTranslation } from "react-i18next";
import type { AppRouter } from "../../../../server/trpc/router";
import { Button } from "../../components/ui/button";
import { trpc } from "../../lib/trpc";
import { DebugCard } from "./debug-card";

type OutboxMessage = inferRouterOutputs<AppRouter>["debug"]["outbox"][number];
type ShownStatus = "PENDING" | "SENT" | "KEPT" | "FAILED";

const statusTone: Record<ShownStatus, string> = {
  PENDING: "bg-amber-50 text-amber-800 ring-amber-200",
  SENT: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  KEPT: "bg-blue-50 text-blue-800 ring-blue-200",
  FAILED: "bg-red-50 text-red-800 ring-red-200",
};

function shownStatus(message: OutboxMessage): ShownStatus {
  return message.status === "SENT" && message.transport === "outbox" ? "KEPT" : message.status;
}

function MessageRow({ message }: { message: OutboxMessage }) {
  const { t, i18n } = useTranslation();
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.language) : "—");
  const status = shownStatus(message);
  return (
    <li className="flex flex-col gap-2 py-4 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="min-w-0 font-medium text-slate-900">{message.subject}</p>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${statusTone[status]}`}
        >
          {t(`debug.outbox.statuses.${status}`)}
        </span>
      </div>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-xs text-slate-600">
        <dt>{t("debug.outbox.to")}</dt>
        <dd className="break-all font-mono text-slate-800">{message.to.join(", ")}</dd>
        <dt>{t("debug.outbox.template")}</dt>
        <dd className="font-mono text-slate-800">
          {message.template} ({message.language})
        </dd>
        <dt>{t("debug.outbox.createdAt")}</dt>
        <dd>{when(message.createdAt)}</dd>
        <dt>{t("debug.outbox.sentAt")}</dt>
        <dd>{when(message.sentAt)}</dd>
        <dt>{t("debug.outbox.links")}</dt>
        <dd className="flex min-w-0 flex-col gap-1">
          {message.links.length === 0 ? t("debug.outbox.noLinks") : null}
          {message.links.map((link) => (
            <a
              key={link}
              href={link}
              className="break-all font-mono text-blue-700 underline hover:text-blue-900"
            >
              {link}
            </a>
          ))}
        </dd>
      </dl>
      {message.lastError ? (
        <p className="break-all font-mono text-xs text-red-700">
          {t("debug.outbox.attempts", { count: message.attempts, error: message.lastError })}
        </p>
      ) : null}
    </li>
  );
}

/**
 * The newest outbox messages, so a developer can follow a verification link without a mail
 * server. In production the server answers NOT_FOUND and the section is not shown at all.
 */
export function OutboxSection() {
  const { t } = useTranslation();
  const outbox = trpc.debug.outbox.useQuery(undefined, { retry: false, refetchOnWindowFocus: true });
  if (outbox.isError && outbox.error.data?.code === "NOT_FOUND") return null;
  const refresh = (
    <Button size="sm" onClick={() => void outbox.refetch()} disabled={outbox.isFetching}>
      {t("debug.outbox.refresh")}
    </Button>
  );
  return (
    <DebugCard
      id="debug-outbox"
      title={t("debug.outbox.title")}
      hint={t("debug.outbox.hint")}
      actions={refresh}
    >
      {outbox.isPending ? <p className="text-sm text-slate-600">{t("debug.state.loading")}</p> : null}
      {outbox.isError ? (
        <p className="text-sm text-red-700">{t("debug.state.failed", { message: outbox.error.message })}</p>
      ) : null}
      {outbox.data?.length === 0 ? <p className="text-sm text-slate-600">{t("debug.outbox.empty")}</p> : null}
      {outbox.data && outbox.data.length > 0 ? (
        <ul aria-label={t("debug.outbox.title")} className="divide-y divide-slate-200">
          {outbox.data.map((message) => (
            <MessageRow key={message.id} message={message} />
          ))}
        </ul>
      ) : null}
    </DebugCard>
  );
}
