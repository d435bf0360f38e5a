import { isAppError } from "../../core/app-error";
import { createServiceContext, type ServiceDeps } from "../../core/context";
import { rememberRequestSnapshot } from "../../core/request-cache";
import { sessionActor } from "../auth/authenticate";
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
  // The actor the session cookie would give a request now.
  const actor = sessionActor(lookup);
  rememberRequestSnapshot(actor, lookup);
  try {
    return await resolveLiveScope(createServiceContext(deps, actor));
  } catch (err) {
    if (isAppError(err)) return null;
    throw err;
  }
}
