import { AppError } from "../../core/app-error";
import type { ServiceContext } from "../../core/context";
import { findSession, findUserById } from "./account.queries";
import type { MeView } from "./auth.internal";
import { meView } from "./auth.internal";

/** GET /auth/me. Anonymous callers get the spec's UnableToGetUserSession, which the console expects. */
export async function getMe(ctx: ServiceContext): Promise<MeView> {
  if (ctx.actor.kind !== "user") throw new AppError("UnableToGetUserSession");
  const [user, session] = await Promise.all([
    findUserById(ctx.db, ctx.actor.userId),
    findSession(ctx.db, ctx.actor.sessionId),
  ]);
  if (!user || !session) throw new AppError("UnableToGetUserSession");
  return meView(user, session);
}
