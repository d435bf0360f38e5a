import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { CalendarFeedScope } from "../../../../shared/schemas/calendar-feed";
import { Alert } from "../../components/ui/alert";
import { Button, buttonClasses } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/dialog";
import { SelectField } from "../../components/ui/field";
import { SettingsSection } from "../../components/ui/section";
import { ErrorState, LoadingState } from "../../components/ui/state";
import { useToast } from "../../components/ui/toast";
import { copyText } from "../../lib/clipboard";
import { viewerDateTime } from "../../lib/date-time";
import { failureText } from "../../lib/error-text";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { RadioGroupField } from "./threshold-fieldset";

type Status = RouterOutputs["calendarFeed"]["status"];

/**
 * The calendar subscription of Notification Settings: a secret iCalendar address of the viewer's
 * subscribed shipments (or, for Admins and Managers, a whole team's), shown once when created, then
 * replaced or turned off after a confirmation.
 */
export function CalendarFeedSection() {
  const { t } = useTranslation();
  const status = trpc.calendarFeed.status.useQuery();
  // Kept here, above the controls that remount when the saved feed changes, so a new address stays
  // on screen after the status is read again.
  const [issued, setIssued] = useState<IssuedAddress | null>(null);
  let body: React.ReactNode;
  if (status.isError) {
    body = <ErrorState message={t("calendarFeed.loadFailed")} onRetry={() => void status.refetch()} />;
  } else if (!status.data) {
    body = <LoadingState />;
  } else {
    // Remounted when the saved feed changes, so the choices start from what the server keeps.
    body = (
      <CalendarFeedControls
        key={JSON.stringify(status.data.feed)}
        status={status.data}
        issued={issued}
        onIssued={setIssued}
      />
    );
  }
  return (
    <SettingsSection
      id="calendar-feed"
      title={t("calendarFeed.title")}
      description={t("calendarFeed.description")}
    >
      {body}
    </SettingsSection>
  );
}

interface IssuedAddress {
  url: string;
  webcalUrl: string;
}

function CalendarFeedControls({
  status,
  issued,
  onIssued: setIssued,
}: {
  status: Status;
  issued: IssuedAddress | null;
  onIssued: (address: IssuedAddress | null) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const utils = trpc.useUtils();
  const feed = status.feed;
  const [scope, setScope] = useState<CalendarFeedScope>(feed?.scope ?? "SUBSCRIPTIONS");
  const [teamId, setTeamId] = useState(feed?.teamId ?? "");
  const [teamError, setTeamError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<"regenerate" | "revoke" | null>(null);
  const create = trpc.calendarFeed.create.useMutation();
  const regenerate = trpc.calendarFeed.regenerate.useMutation();
  const updateScope = trpc.calendarFeed.updateScope.useMutation();
  const revoke = trpc.calendarFeed.revoke.useMutation();
  const canChooseTeam = status.teamOptions.length > 0;

  const refresh = () => utils.calendarFeed.status.invalidate();

  const scopeInput = () => {
    if (scope === "SUBSCRIPTIONS") return { scope: "SUBSCRIPTIONS" as const };
    if (!teamId) {
      setTeamError(t("calendarFeed.teamRequired"));
      return null;
    }
    return { scope: "TEAM" as const, teamId };
  };

  const run = async (action: () => Promise<void>) => {
    try {
      await action();
    } catch (error) {
      toast.error(failureText(error, t));
    }
  };

  const runCreate = () =>
    run(async () => {
      const input = scopeInput();
      if (!input) return;
      const result = await create.mutateAsync(input);
      setIssued({ url: result.url, webcalUrl: result.webcalUrl });
      await refresh();
    });
  const runRegenerate = () =>
    run(async () => {
      const result = await regenerate.mutateAsync();
      setConfirming(null);
      setIssued({ url: result.url, webcalUrl: result.webcalUrl });
      await refresh();
    });
  const runSaveScope = () =>
    run(async () => {
      const input = scopeInput();
      if (!input) return;
      await updateScope.mutateAsync(input);
      toast.success(t("calendarFeed.scopeSaved"));
      await refresh();
    });
  const runRevoke = () =>
    run(async () => {
      await revoke.mutateAsync();
      setConfirming(null);
      setIssued(null);
      toast.success(t("calendarFeed.revoked"));
      await refresh();
    });

  const scopeChanged =
    feed !== null && (scope !== feed.scope || (scope === "TEAM" && teamId !== feed.teamId));

  return (
    <div className="space-y-4">
      {issued ? <NewAddress address={issued} onDismiss={() => setIssued(null)} /> : null}
      {canChooseTeam ? (
        <div className="grid gap-3">
          <RadioGroupField<CalendarFeedScope>
            legend={t("calendarFeed.scopeLegend")}
            hint={t("calendarFeed.scopeHint")}
            name="calendar-feed-scope"
            value={scope}
            onValueChange={(value) => {
              setScope(value);
              setTeamError(undefined);
            }}
            options={[
              { value: "SUBSCRIPTIONS", label: t("calendarFeed.scopes.SUBSCRIPTIONS") },
              { value: "TEAM", label: t("calendarFeed.scopes.TEAM") },
            ]}
          />
          {scope === "TEAM" ? (
            <SelectField
              label={t("calendarFeed.team")}
              value={teamId}
              onValueChange={(value) => {
                setTeamId(value);
                setTeamError(undefined);
              }}
              error={teamError}
              className="max-w-sm"
              options={[
                { value: "", label: t("calendarFeed.teamPlaceholder") },
                ...status.teamOptions.map((team) => ({ value: team.id, label: team.name })),
              ]}
            />
          ) : null}
        </div>
      ) : null}
      {feed ? (
        <div className="space-y-1">
          <p className="text-sm text-slate-800" data-testid="calendar-feed-active">
            {t("calendarFeed.active", { hint: feed.hint })}
            {feed.scope === "TEAM" && feed.teamName ? ` (${feed.teamName})` : ""}
          </p>
          <p className="text-xs text-slate-500">
            {t("calendarFeed.created", { date: viewerDateTime(feed.createdAt) })}
            {" · "}
            {feed.lastFetchedAt
              ? t("calendarFeed.lastFetched", { date: viewerDateTime(feed.lastFetchedAt) })
              : t("calendarFeed.neverFetched")}
          </p>
        </div>
      ) : (
        <p className="text-sm text-slate-600">{t("calendarFeed.none")}</p>
      )}
      <div className="flex flex-wrap gap-3">
        {feed ? (
          <>
            {canChooseTeam ? (
              <Button
                variant="primary"
                disabled={!scopeChanged || updateScope.isPending}
                aria-busy={updateScope.isPending || undefined}
                onClick={() => void runSaveScope()}
              >
                {t("calendarFeed.saveScope")}
              </Button>
            ) : null}
            <Button onClick={() => setConfirming("regenerate")}>{t("calendarFeed.regenerate")}</Button>
            <Button variant="ghost" className="text-red-700" onClick={() => setConfirming("revoke")}>
              {t("calendarFeed.revoke")}
            </Button>
          </>
        ) : (
          <Button
            variant="primary"
            disabled={create.isPending}
            aria-busy={create.isPending || undefined}
            onClick={() => void runCreate()}
          >
            {create.isPending ? t("calendarFeed.creating") : t("calendarFeed.subscribe")}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming === "regenerate"}
        onOpenChange={(open) => setConfirming(open ? "regenerate" : null)}
        title={t("calendarFeed.regenerateTitle")}
        body={t("calendarFeed.regenerateBody")}
        confirmLabel={t("calendarFeed.regenerateConfirm")}
        cancelLabel={t("common.cancel")}
        onConfirm={() => void runRegenerate()}
        pending={regenerate.isPending}
        destructive
      />
      <ConfirmDialog
        open={confirming === "revoke"}
        onOpenChange={(open) => setConfirming(open ? "revoke" : null)}
        title={t("calendarFeed.revokeTitle")}
        body={t("calendarFeed.revokeBody")}
        confirmLabel={t("calendarFeed.revokeConfirm")}
        cancelLabel={t("common.cancel")}
        onConfirm={() => void runRevoke()}
        pending={revoke.isPending}
        destructive
      />
    </div>
  );
}

/** The whole address, once: copy it now, it is not stored. */
function NewAddress({ address, onDismiss }: { address: IssuedAddress; onDismiss: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const copy = async () => {
    if (await copyText(address.url)) toast.success(t("calendarFeed.copied"));
    else toast.error(t("calendarFeed.copyFailed"));
  };
  return (
    <Alert
      tone="warning"
      role="status"
      title={t("calendarFeed.newTitle")}
      actions={
        <>
          <Button size="sm" variant="primary" onClick={() => void copy()}>
            {t("calendarFeed.copy")}
          </Button>
          <a href={address.webcalUrl} className={buttonClasses("secondary", "sm")}>
            {t("calendarFeed.openInApp")}
          </a>
          <Button size="sm" onClick={onDismiss}>
            {t("calendarFeed.dismiss")}
          </Button>
        </>
      }
    >
      <p>{t("calendarFeed.newWarning")}</p>
      <code
        data-testid="calendar-feed-url"
        className="mt-2 block rounded-md bg-white px-2.5 py-1.5 font-mono text-sm break-all text-slate-900 select-all"
      >
        {address.url}
      </code>
    </Alert>
  );
}
