import { and, desc, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import {
  CreateSavedSearchInput,
  type DeleteSavedSearchInput,
  type SavedSearchesInput,
  type SavedSearchItem,
} from "../../../../shared/schemas/list";
import { AppError } from "../../../core/app-error";
import { authorize } from "../../../core/authz";
import type { ServiceContext } from "../../../core/context";
import { type SavedSearch, type SavedSearchCondition, savedSearches } from "../../../db/schema";
import { authorizeListScope } from "./list.scope";

// Saved search conditions (spec 01 §2): a member's own named condition sets, per team (or for the
// headquarters view, teamId null). Nobody else sees or deletes them.

function toItem(row: SavedSearch): SavedSearchItem {
  return {
    id: row.id,
    name: row.name,
    conditions: row.conditions as SavedSearchItem["conditions"],
    createdAt: row.createdAt.toISOString(),
  };
}

const ofTeam = (teamId: string | null) =>
  teamId === null ? isNull(savedSearches.teamId) : eq(savedSearches.teamId, teamId);

export async function listSavedSearches(
  ctx: ServiceContext,
  input: z.output<typeof SavedSearchesInput>,
): Promise<SavedSearchItem[]> {
  const scope = await authorizeListScope(ctx, input.teamId);
  const rows = await ctx.db
    .select()
    .from(savedSearches)
    .where(
      and(
        eq(savedSearches.companyId, scope.companyId),
        eq(savedSearches.userId, scope.actor.userId),
        ofTeam(scope.teamId),
      ),
    )
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
  return rows.map(toItem);
}

export async function createSavedSearch(
  ctx: ServiceContext,
  given: z.input<typeof CreateSavedSearchInput>,
): Promise<SavedSearchItem> {
  const scope = await authorizeListScope(ctx, given.teamId);
  const input = CreateSavedSearchInput.parse(given);
  const [row] = await ctx.db
    .insert(savedSearches)
    .values({
      companyId: scope.companyId,
      userId: scope.actor.userId,
      teamId: scope.teamId,
      name: input.name,
      // Validated by SearchCondition: BETWEEN holds two values, the others one or none.
      conditions: input.conditions as SavedSearchCondition[],
      createdAt: ctx.clock.now(),
    })
    .returning();
  if (!row) throw new AppError("INTERNAL");
  return toItem(row);
}

export async function deleteSavedSearch(
  ctx: ServiceContext,
  input: z.output<typeof DeleteSavedSearchInput>,
): Promise<{ id: string }> {
  const actor = await authorize(ctx, "shipment.view");
  const [row] = await ctx.db
    .delete(savedSearches)
    .where(
      and(
        eq(savedSearches.id, input.id),
        eq(savedSearches.companyId, actor.companyId),
        eq(savedSearches.userId, actor.userId),
      ),
    )
    .returning({ id: savedSearches.id });
  if (!row) throw new AppError("NOT_FOUND");
  return { id: row.id };
}
