import { and, eq, gt } from "drizzle-orm";
import type { OneTimeTokenPurpose } from "../../../shared/enums";
import { HOUR_MS } from "../../core/clock";
import type { ServiceContext } from "../../core/context";
import { type OneTimeToken, oneTimeTokens } from "../../db/schema";
import { hashToken, secureRandomString } from "./tokens";

// Links in e-mails: 160 random bits, only their SHA-256 kept, so the table alone opens nothing.

export const ONE_TIME_TOKEN_TTL_MS: Record<OneTimeTokenPurpose, number> = {
  EMAIL_VERIFICATION: 24 * HOUR_MS,
  PASSWORD_RESET: HOUR_MS,
};

const TOKEN_BYTES = 20;

/** A fresh token for the user; any earlier one of the same purpose stops working. */
export async function issueOneTimeToken(
  ctx: ServiceContext,
  purpose: OneTimeTokenPurpose,
  user: { id: string; email: string },
): Promise<string> {
  const token = secureRandomString(TOKEN_BYTES);
  const now = ctx.clock.now();
  await ctx.tx(async (tx) => {
    await tx.db
      .delete(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userId, user.id), eq(oneTimeTokens.purpose, purpose)));
    await tx.db.insert(oneTimeTokens).values({
      purpose,
      tokenHash: hashToken(token),
      userId: user.id,
      email: user.email,
      expiresAt: new Date(now.getTime() + ONE_TIME_TOKEN_TTL_MS[purpose]),
    });
  });
  return token;
}

/**
 * Fetch and delete in one statement: of two concurrent requests with the same token only one gets
 * the row back. Expired rows are left for the cleanup job.
 */
export async function consumeOneTimeToken(
  ctx: ServiceContext,
  purpose: OneTimeTokenPurpose,
  token: string,
): Promise<OneTimeToken | null> {
  const [row] = await ctx.db
    .delete(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        eq(oneTimeTokens.purpose, purpose),
        gt(oneTimeTokens.expiresAt, ctx.clock.now()),
      ),
    )
    .returning();
  return row ?? null;
}

export function emailVerificationUrl(appUrl: string, token: string): string {
  return `${trimSlash(appUrl)}/app/auth/email-verification/${token}`;
}

export function passwordResetUrl(appUrl: string, token: string): string {
  return `${trimSlash(appUrl)}/app/auth/password-reset?token=${token}`;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, "");
}
