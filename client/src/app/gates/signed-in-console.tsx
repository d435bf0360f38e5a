import type { ReactNode } from "react";
import { useMemo } from "react";
import type { Language } from "../../../../shared/enums";
import type { Viewer } from "../../lib/session";
import { trpc } from "../../lib/trpc";
import { ConsoleShell } from "../shell/console-shell";
import { ContractBanner } from "./contract-banner";
import { shellStateFor, storedTeamId } from "./shell-state";
import { TrialModal } from "./trial-modal";

/** The console for a user who passed every gate: the shell filled from the viewer, banners, trial modal. */
export function SignedInConsole({ viewer, children }: { viewer: Viewer; children: ReactNode }) {
  const update = trpc.account.update.useMutation();
  const { mutate } = update;
  const state = useMemo(
    () => ({
      ...shellStateFor(viewer, storedTeamId()),
      // The account keeps the language too: e-mails and server messages follow it.
      onLanguageChange: (language: Language) =>
        mutate({ language }, { onError: (error) => console.error("Saving the language failed", error) }),
    }),
    [viewer, mutate],
  );
  return (
    <ConsoleShell state={state}>
      {viewer.company ? <ContractBanner company={viewer.company} role={viewer.role} /> : null}
      {children}
      {viewer.company ? <TrialModal company={viewer.company} role={viewer.role} /> : null}
    </ConsoleShell>
  );
}
