import { AppError } from "../../core/app-error";
import type { ServiceContext } from "../../core/context";
import type { Session, User } from "../../db/schema";
import { findSession, findUserById } from "./account.queries";

/** The answer of GET /auth/me and of every sign-in (spec 01 §3 Session/account). */
export interface MeView {
  account: {
    id: string;
    email: string;
    displayName: string;
    isEmailVerified: boolean;
    isMultiFactorEnabled: boolean;
  };
  session: { isMultiFactorVerified: boolean };
}

export function meView(user: User, session: Pick<Session, "isMultiFactorVerified">): MeView {
  return {
    account: {
      id: user.id,
      email: user.email,
      displayName: user.nickname,
      isEmailVerified: user.isEmailVerified,
      isMultiFactorEnabled: user.isMultiFactorEnabled,
    },
    session: { isMultiFactorVerified: session.isMultiFactorVerified },
  };
}

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
