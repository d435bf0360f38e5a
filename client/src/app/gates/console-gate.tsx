import { type ReactNode, useEffect } from "react";
import { useLocation } from "wouter";
import { pendingCompanyOf } from "../../lib/pending-company";
import { currentTarget, rememberReturnTarget } from "../../lib/redirect-target";
import { isSignedOutTrpcError, useViewerQuery, type Viewer } from "../../lib/session";
import { trpc } from "../../lib/trpc";
import { paths } from "../paths";
import { decideGate, type GateDecision } from "./gate-decision";
import { ApprovalRequiredScreen, GateFailed, GateLoading, TrialEndedScreen } from "./gate-screens";

/** Gates that send the user to another screen, and where. */
const REDIRECTS: Partial<Record<GateDecision, string>> = {
  signIn: paths.signIn,
  verifyEmail: paths.tryEmailVerification,
  multiFactor: paths.multiFactor,
  createCompany: paths.createCompany,
  noCompany: paths.signIn,
  onboarding: paths.onboarding,
};

/** After these the user should come back to where they were going. */
const RETURNS_HERE = new Set<GateDecision>(["signIn", "multiFactor"]);

function useGate(): { decision: GateDecision; viewer: Viewer | undefined; retry: () => void } {
  const query = useViewerQuery();
  let viewer: Viewer | null | undefined | "failed" = query.data;
  if (viewer === undefined && query.error) viewer = isSignedOutTrpcError(query.error) ? null : "failed";
  const hasPendingCompany = pendingCompanyOf(query.data) !== null;
  // Without a company, guest teams decide between the console and the "no company" warning.
  const withoutCompany = decideGate({ viewer, hasPendingCompany }) === "noCompany";
  const switcher = trpc.teams.switcher.useQuery(undefined, { enabled: withoutCompany, retry: 1 });
  const hasGuestTeams = (switcher.data?.guestCompanies.length ?? 0) > 0;
  let decision = decideGate({ viewer, hasPendingCompany, hasGuestTeams });
  if (withoutCompany && switcher.isPending) decision = "loading";
  return { decision, viewer: query.data, retry: () => void query.refetch() };
}

/**
 * Everything under /app/console passes the gates of spec 01 §4 in order. `children` gets the viewer
 * once the user may be in the console (or on the onboarding page when they have no team).
 */
export function ConsoleGate({ children }: { children: (viewer: Viewer) => ReactNode }) {
  const [location, navigate] = useLocation();
  const utils = trpc.useUtils();
  const { decision, viewer, retry } = useGate();
  const atOnboarding = location === paths.onboarding;
  const target = decision === "onboarding" && atOnboarding ? undefined : REDIRECTS[decision];

  useEffect(() => {
    if (!target) return;
    if (RETURNS_HERE.has(decision)) rememberReturnTarget(currentTarget());
    navigate(target, { replace: true });
  }, [decision, target, navigate]);

  if (decision === "failed") return <GateFailed onRetry={retry} />;
  if (decision === "trialEnded") return <TrialEndedScreen onRecheck={retry} />;
  if (decision === "approvalRequired" && viewer?.company) {
    return (
      <ApprovalRequiredScreen
        companyName={viewer.company.companyName}
        canCancel={viewer.role === "ADMIN"}
        onCancelled={() => void utils.account.viewer.invalidate()}
        onRecheck={retry}
      />
    );
  }
  if ((decision === "console" || decision === "onboarding") && !target && viewer) return children(viewer);
  return <GateLoading />;
}
