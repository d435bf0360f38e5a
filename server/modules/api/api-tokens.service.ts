import { eq } from "drizzle-orm";
import { AppError } from "../../core/app-error";
import { authorize, type MemberActor } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { auditLogs, companies } from "../../db/schema";
import { issueApiToken, maskedApiToken } from "./api-token";
import { findActiveToken, insertToken, lockTokenOwner, revokeActiveTokens } from "./api-tokens.queries";

// The API key of the API settings page (spec 02 §2, §6, §7): Admin only; issued only to a company
// on a paid plan whose API use the provider approved. The key itself is shown once, when issued;
// afterwards only its masked form and dates, fetched on demand.

export interface ApiKeyView {
  /** `trk_••••••••••••abcd`: never the key itself. */
  maskedKey: string;
  /** The key's last 4 characters. */
  hint: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface IssuedApiKey {
  /** The whole key: returned by this call only, never stored or shown again. */
  token: string;
  key: ApiKeyView;
}

export interface ApiKeyStatus {
  hasKey: boolean;
  /** The per-key budget (API_RATE_LIMIT_PER_MINUTE), so the page can state it. */
  rateLimitPerMinute: number;
}

function keyView(row: { hint: string; createdAt: Date; lastUsedAt: Date | null }): ApiKeyView {
  return {
    maskedKey: maskedApiToken(row.hint),
    hint: row.hint,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** Whether the viewer has a key, so the page can say Generate or Regenerate without fetching it. */
export async function getApiKeyStatus(
  ctx: ServiceContext,
  settings: { rateLimitPerMinute: number },
): Promise<ApiKeyStatus> {
  const actor = await authorize(ctx, "apiSettings.view");
  const row = await findActiveToken(ctx.db, { userId: actor.userId, companyId: actor.companyId });
  return { hasKey: row !== null, rateLimitPerMinute: settings.rateLimitPerMinute };
}

/** "Show API Key": the masked key and its dates, or null when none was generated. */
export async function getApiKey(ctx: ServiceContext): Promise<ApiKeyView | null> {
  const actor = await authorize(ctx, "apiSettings.view");
  const row = await findActiveToken(ctx.db, { userId: actor.userId, companyId: actor.companyId });
  return row ? keyView(row) : null;
}

async function requireApiApproved(ctx: ServiceContext, actor: MemberActor): Promise<void> {
  const [company] = await ctx.db
    .select({ isApiEnabled: companies.isApiEnabled })
    .from(companies)
    .where(eq(companies.id, actor.companyId));
  if (!company) throw new AppError("NO_COMPANY");
  if (!company.isApiEnabled) throw new AppError("API_NOT_APPROVED");
}

/**
 * Generate, or regenerate: the viewer's current key (if any) stops working in the same transaction
 * that issues the new one, under a lock on the owner, so parallel calls leave exactly one key.
 */
export async function generateApiKey(ctx: ServiceContext): Promise<IssuedApiKey> {
  // FREE is refused by the plan gate with the spec's "To use this feature, please upgrade."
  const actor = await authorize(ctx, "apiSettings.manage");
  return ctx.tx(async (tx) => {
    if (!(await lockTokenOwner(tx.db, actor.userId, actor.companyId))) throw new AppError("NO_COMPANY");
    await requireApiApproved(tx, actor);
    const now = tx.clock.now();
    const replaced = await revokeActiveTokens(tx.db, actor, now);
    const issued = issueApiToken();
    const row = await insertToken(tx.db, {
      companyId: actor.companyId,
      userId: actor.userId,
      tokenHash: issued.tokenHash,
      hint: issued.hint,
      createdAt: now,
    });
    await tx.db.insert(auditLogs).values({
      actor: `user:${actor.userId}`,
      action: replaced > 0 ? "apiToken.regenerated" : "apiToken.generated",
      target: `company:${actor.companyId}`,
      details: { tokenId: row.id, hint: row.hint },
    });
    return { token: issued.token, key: keyView(row) };
  });
}

/**
 * Revokes the viewer's key. Allowed whatever the plan or approval: stopping a key must always be
 * possible, e.g. after a downgrade or a leak.
 */
export async function revokeApiKey(ctx: ServiceContext): Promise<{ hasKey: false }> {
  const actor = await authorize(ctx, "apiSettings.view");
  await ctx.tx(async (tx) => {
    if (!(await lockTokenOwner(tx.db, actor.userId, actor.companyId))) throw new AppError("NO_COMPANY");
    const revoked = await revokeActiveTokens(tx.db, actor, tx.clock.now());
    if (revoked > 0) {
      await tx.db.insert(auditLogs).values({
        actor: `user:${actor.userId}`,
        action: "apiToken.revoked",
        target: `company:${actor.companyId}`,
        details: {},
      });
    }
  });
  return { hasKey: false };
}
