import { and, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { type Language, roleFromId } from "../../../shared/enums";
import { msg, mustBeTrue, type UpdateAccountInput } from "../../../shared/schemas";
import { AppError } from "../../core/app-error";
import { currentPlan, requireSession, requireSignedIn, type UserActor } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { companies, users } from "../../db/schema";
import { findUserById, lockUser, updateUser } from "./account.queries";

// The signed-in person's own account: its changes and deletion (tRPC account.update and
// account.delete, POST /auth/delete_account; spec 02 "Account settings"). The viewer, which gathers
// the company and teams too, is server/modules/account/viewer.service.ts.

export const DeleteAccountInput = z.object({ confirm: mustBeTrue(msg("validation.checkTheAbove")) });
export type DeleteAccountInput = z.infer<typeof DeleteAccountInput>;

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
