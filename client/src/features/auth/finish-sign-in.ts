import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useLocation } from "wouter";
import { paths } from "../../app/paths";
import type { Me } from "../../lib/auth-api";
import { takeReturnTarget } from "../../lib/redirect-target";
import { forgetSession } from "../../lib/session";

/** The screen a freshly signed-in session still has to pass, or null when it may go on. */
export function pendingStep(me: Me): string | null {
  // The same order as the console gates (spec 01 §4).
  if (!me.account.isEmailVerified) return paths.tryEmailVerification;
  if (me.account.isMultiFactorEnabled && !me.session.isMultiFactorVerified) return paths.multiFactor;
  return null;
}

/**
 * After sign-in (or the MFA code): the next check, else the remembered same-origin target, else the
 * console. The remembered target is kept until the last step, so MFA does not lose it.
 */
export function useFinishSignIn(): (me: Me) => void {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useCallback(
    (me: Me) => {
      forgetSession(queryClient);
      navigate(pendingStep(me) ?? takeReturnTarget(), { replace: true });
    },
    [queryClient, navigate],
  );
}
