import { and, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { type Language, type Role, roleFromId } from "../../../shared/enums";
import { msg, mustBeTrue, type UpdateAccountInput } from "../../../shared/schemas";
import { AppError } from "../../core/app-error";
import { currentPlan, requireSession, requireSignedIn, type UserActor } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { companies, users } from "../../db/schema";
import { type ViewerCompany, viewerAccount, viewerCompany, viewerTeams } from "../companies/viewer.service";
import { findUserById, lockUser, updateUser } from "./account.queries";

// The signed-in person's own account (tRPC account.*; spec 02 "Account settings").

export const DeleteAccountInput = z.object({ confirm: mustBeTrue(msg("validation.checkTheAbove")) });
export type DeleteAccountInput = z.infer<typeof DeleteAccountInput>;

export interface Viewer {
  account: {
    id: string;
    email: string;
    nickname: string;
    color: string;
    language: Language;
    isEmailVerified: boolean;
    isMultiFactorEnabled: boolean;
    createdAt: string;
  };
  /**
   * The company typed at sign-up, still to be created once the e-mail is verified; kept with the
   * account so any device that verifies finds it. Null once the user has a company.
   */
  pendingCompany: { companyName: string; companyTel: string } | null;
  session: { isMultiFactorVerified: boolean };
  role: Role | null;
  company: ViewerCompany | null;
  teams: { id: string; name: string }[];
}

/**
 * account.viewer: everything the console gates decide on, for a user in any state (unverified,
 * before MFA, without a company), so each gate can show itself.
 */
export async function getViewer(ctx: ServiceContext): Promise<Viewer> {
  const actor = requireSignedIn(ctx);
  // On a read request the session's own statement already holds the user, company and contracts,
  // so the viewer costs one more statement: its teams (issue 10, item 24).
  const account = await viewerAccount(ctx, actor);
  if (!account) throw new AppError("UNAUTHENTICATED");
  const { user, session } = account;
  const [company, memberships] = await Promise.all([viewerCompany(ctx), viewerTeams(ctx, user.id)]);
  return {
    account: {
      id: user.id,
      email: user.email,
      nickname: user.nickname,
      color: user.color,
      language: user.language,
      isEmailVerified: user.isEmailVerified,
      isMultiFactorEnabled: user.isMultiFactorEnabled,
      createdAt: user.createdAt.toISOString(),
    },
    pendingCompany:
      !user.companyId && user.pendingCompanyName && user.pendingCompanyTel
        ? { companyName: user.pendingCompanyName, companyTel: user.pendingCompanyTel }
        : null,
    session: { isMultiFactorVerified: session.isMultiFactorVerified },
    role: user.companyId && user.roleId ? (roleFromId(user.roleId) ?? null) : null,
    company,
    teams: memberships,
  };
}

/** Own-account changes need the second factor where it is on, but not a verified e-mail or company. */
function requireAccountOwner(ctx: ServiceContext): UserActor {
  const actor = requireSignedIn(ctx);
  if (!actor.mfaSatisfied) throw new AppError("MFA_REQUIRED");
  return actor;
}

/** account.update: nickname and language (the language of e-mails and server messages). */
export async function updateAccount(ctx: ServiceContext, input: UpdateAccountInput) {
  const actor = requireAccountOwner(ctx);
  const values: Partial<{ nickname: string; language: Language }> = {};
  if (input.nickname !== undefined) values.nickname = input.nickname;
  if (input.language !== undefined) values.language = input.language;
  const user =
    Object.keys(values).length > 0
      ? await updateUser(ctx.db, actor.userId, values)
      : await findUserById(ctx.db, actor.userId);
  if (!user) throw new AppError("UNAUTHENTICATED");
  return { nickname: user.nickname, language: user.language };
}

/**
 * account.delete (and POST /auth/delete_account, which also clears the cookie). The account and its
 * sessions go. A company is never left without an Admin while it has other members; a FREE company
 * whose only member leaves goes too. A paying company keeps existing (its contract and data are the
 * provider's to close).
 */
export async function deleteAccount(ctx: ServiceContext, _input: DeleteAccountInput): Promise<void> {
  requireSession(ctx);
  const actor = requireAccountOwner(ctx);
  await ctx.tx(async (tx) => {
    const user = await lockUser(tx.db, actor.userId);
    if (!user) throw new AppError("UNAUTHENTICATED");
    let deleteCompanyId: string | null = null;
    if (user.companyId) {
      // Locking the company serialises two members leaving at once, so both cannot be "not last".
      await tx.db
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.id, user.companyId))
        .for("update");
      const others = await tx.db
        .select({ roleId: users.roleId })
        .from(users)
        .where(and(eq(users.companyId, user.companyId), ne(users.id, user.id)));
      const isAdmin = user.roleId !== null && roleFromId(user.roleId) === "ADMIN";
      const otherAdmin = others.some((o) => o.roleId !== null && roleFromId(o.roleId) === "ADMIN");
      if (isAdmin && others.length > 0 && !otherAdmin) throw new AppError("LAST_ADMIN_CANNOT_DELETE_ACCOUNT");
      if (others.length === 0 && (await currentPlan(tx, user.companyId)) === "FREE") {
        deleteCompanyId = user.companyId;
      }
    }
    await tx.db.delete(users).where(eq(users.id, user.id));
    if (deleteCompanyId) await tx.db.delete(companies).where(eq(companies.id, deleteCompanyId));
  });
}
