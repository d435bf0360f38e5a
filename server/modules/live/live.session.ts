import { roleFromId } from "../../../shared/enums";
import { isAppError } from "../../core/app-error";
import { type Actor, createServiceContext, type ServiceDeps } from "../../core/context";
import { rememberRequestSnapshot } from "../../core/request-cache";
import { idleExpiry } from "../auth/session.internal";
import { findSessionWithUser } from "../auth/session.queries";
import type { LiveScope } from "./live.scope";
import { resolveLiveScope } from "./live.service";

/**
 * A stream's scope again from its session's current rows, through the same checks as when it
 * opened: null once the session is gone or expired, or its person may no longer hear anything.
 */
export async function rescopeSession(deps: ServiceDeps, scope: LiveScope): Promise<LiveScope | null> {
  const lookup = await findSessionWithUser(deps.db, scope.sessionId);
  if (!lookup || idleExpiry(lookup.session).getTime() <= deps.clock.now().getTime()) return null;
  const { user, session } = lookup;
  // The actor the session cookie would give a request now (modules/auth/authenticate).
  const actor: Actor = {
    kind: "user",
    userId: user.id,
    sessionId: session.id,
    email: user.email,
    companyId: user.companyId,
    role: user.roleId ? (roleFromId(user.roleId) ?? null) : null,
    emailVerified: user.isEmailVerified,
    mfaSatisfied: !user.isMultiFactorEnabled || session.isMultiFactorVerified,
  };
  rememberRequestSnapshot(actor, lookup);
  try {
    return await resolveLiveScope(createServiceContext(deps, actor));
  } catch (err) {
    if (isAppError(err)) return null;
    throw err;
  }
}
