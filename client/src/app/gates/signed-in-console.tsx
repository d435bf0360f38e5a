import type { ReactNode } from "react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "../../../../shared/enums";
import { SelectedTeamProvider } from "../../lib/selected-team";
import type { Viewer } from "../../lib/session";
import { trpc } from "../../lib/trpc";
import { ConsoleShell } from "../shell/console-shell";
import { useTrackingCount } from "../shell/use-tracking-count";
import { ContractBanner } from "./contract-banner";
import { shellStateFor } from "./shell-state";
import { TrialModal } from "./trial-modal";
import { useTeamSelection } from "./use-team-selection";

/** The console for a user who passed every gate: the shell filled from the viewer, banners, trial modal. */
export function SignedInConsole({ viewer, children }: { viewer: Viewer; children: ReactNode }) {
  const { t } = useTranslation();
  const update = trpc.account.update.useMutation();
  const { mutate } = update;
  const team = useTeamSelection(viewer);
  const headquartersName = t("shell.teamSwitcher.headquarters");
  const { trackingCount, trackingLimit } = useTrackingCount(Boolean(viewer.company));
  const state = useMemo(
    () => ({
      ...shellStateFor(viewer, {
        kind: team.kind,
        ...(team.kind === "headquarters" ? { name: headquartersName } : team.name ? { name: team.name } : {}),
      }),
      // A churned company has no contract, so no maximum to count against: the count alone.
      ...(trackingCount !== undefined
        ? { trackingCount, ...(viewer.company?.isChurned ? {} : { trackingLimit }) }
        : {}),
      // The account keeps the language too: e-mails and server messages follow it.
      onLanguageChange: (language: Language) =>
        mutate({ language }, { onError: (error) => console.error("Saving the language failed", error) }),
    }),
    [viewer, mutate, team.kind, team.name, headquartersName, trackingCount, trackingLimit],
  );
  return (
    <SelectedTeamProvider value={team}>
      <ConsoleShell state={state}>
        {viewer.company ? <ContractBanner company={viewer.company} role={viewer.role} /> : null}
        {children}
        {viewer.company ? <TrialModal company={viewer.company} role={viewer.role} /> : null}
      </ConsoleShell>
    </SelectedTeamProvider>
  );
}
