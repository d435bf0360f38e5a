import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { SettingsSection } from "../../components/ui/section";
import { ErrorState, LoadingState } from "../../components/ui/state";
import { SwitchField } from "../../components/ui/switch";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { useAction } from "../../lib/use-action";
import { CyberportCredentialsForm, CyberportCredentialsSummary } from "./cyberport-credentials-form";
import { CyberportEarlierImports, CyberportLatestImport, isImportActive } from "./cyberport-import-result";

type State = RouterOutputs["cyberport"]["state"];

/** How often the panel asks for the import's progress while it is queued or running. */
const PROGRESS_POLL_MS = 1500;

/**
 * The team page's port-community integration panel (spec 02 §2): the Admin-only switch, the five
 * credentials (for the team's managers), Trigger Import with its progress and the last results.
 * The server enforces every rule; the panel only hides what the viewer cannot do.
 */
export function CyberportPanel({ team }: { team: { id: string; name: string } }) {
  const { t } = useTranslation();
  const state = trpc.cyberport.state.useQuery(
    { teamId: team.id },
    {
      retry: false,
      refetchInterval: (query) =>
        isImportActive(query.state.data?.lastImports[0]) ? PROGRESS_POLL_MS : false,
    },
  );
  return (
    <SettingsSection id="cyberport" title={t("cyberport.title")} description={t("cyberport.description")}>
      {state.isError ? (
        <ErrorState message={t("cyberport.loadFailed")} onRetry={() => void state.refetch()} />
      ) : state.data ? (
        <PanelContent team={team} state={state.data} />
      ) : (
        <LoadingState />
      )}
    </SettingsSection>
  );
}

function PanelContent({ team, state }: { team: { id: string; name: string }; state: State }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const run = useAction();
  const setEnabled = trpc.cyberport.setEnabled.useMutation();
  const trigger = trpc.cyberport.triggerImport.useMutation();
  const [latest, ...earlier] = state.lastImports;
  const importing = isImportActive(latest);

  // When an import ends, the shipment list and the tracking count in the top bar have changed.
  const wasImporting = useRef(importing);
  useEffect(() => {
    if (wasImporting.current && !importing) void utils.shipments.invalidate();
    wasImporting.current = importing;
  }, [importing, utils]);

  const toggle = async (enabled: boolean) => {
    const next = await run(
      () => setEnabled.mutateAsync({ teamId: team.id, enabled }),
      () => (enabled ? t("cyberport.enable.enabled") : t("cyberport.enable.disabled")),
    );
    if (next) utils.cyberport.state.setData({ teamId: team.id }, next);
  };

  const startImport = async () => {
    const queued = await run(
      () => trigger.mutateAsync({ teamId: team.id }),
      () => t("cyberport.import.queued"),
    );
    // Whether it was queued now or refused because one already runs, the state shows which.
    await utils.cyberport.state.invalidate({ teamId: team.id });
    return queued;
  };

  const blocker = !state.available
    ? null
    : !state.enabled
      ? t("cyberport.import.needsEnabled")
      : !state.credentialsComplete
        ? t("cyberport.import.needsCredentials")
        : null;

  return (
    <div className="space-y-6">
      {state.available ? null : <Alert tone="warning">{t("cyberport.notAvailable")}</Alert>}
      <div className="border-b border-slate-100 pb-2">
        <SwitchField
          label={t("cyberport.enable.label")}
          description={t("cyberport.enable.description")}
          checked={state.enabled}
          onCheckedChange={(on) => void toggle(on)}
          disabled={!state.canEnable}
          disabledReason={t("cyberport.enable.adminOnly")}
          pending={setEnabled.isPending}
        />
      </div>

      <div>
        <h3 className="text-sm font-semibold text-slate-900">{t("cyberport.credentials.title")}</h3>
        <p className="mt-1 mb-4 text-sm text-slate-600">
          {state.canManage ? t("cyberport.credentials.description") : t("cyberport.credentials.readOnly")}
        </p>
        {state.canManage ? (
          <CyberportCredentialsForm teamId={team.id} teamName={team.name} state={state} />
        ) : (
          <CyberportCredentialsSummary state={state} />
        )}
      </div>

      <div className="space-y-4 border-t border-slate-100 pt-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 className="text-sm font-semibold text-slate-900">{t("cyberport.import.title")}</h3>
          {state.canManage ? (
            <Button
              variant="primary"
              onClick={() => void startImport()}
              disabled={!state.available || blocker !== null || importing || trigger.isPending}
              aria-busy={trigger.isPending || importing || undefined}
              aria-describedby={blocker ? "cyberport-import-blocker" : undefined}
            >
              {t("cyberport.import.trigger")}
            </Button>
          ) : null}
        </div>
        {state.canManage && blocker ? (
          <p id="cyberport-import-blocker" className="text-sm text-slate-600">
            {blocker}
          </p>
        ) : null}
        {latest ? (
          <CyberportLatestImport latest={latest} />
        ) : (
          <p className="text-sm text-slate-600">{t("cyberport.import.none")}</p>
        )}
        <CyberportEarlierImports imports={earlier} />
      </div>
    </div>
  );
}
