import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { webhookDeliveries, webhookEndpoints, webhookSecrets } from "../../db/schema";

// Drizzle only: the viewer's endpoint, the company's sealed secret, and delivery rows. Every
// query names the company, so a row of another tenant is never read by id alone.

export async function endpointOfUser(db: Db, companyId: string, userId: string, lock = false) {
  const query = db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.userId, userId)));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

export async function upsertEndpoint(
  db: Db,
  values: { companyId: string; userId: string; url: string },
  now: Date,
) {
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ ...values, enabled: true, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: webhookEndpoints.userId,
      // Saving re-enables an endpoint that was disabled, and starts its failure count afresh.
      set: {
        companyId: values.companyId,
        url: values.url,
        enabled: true,
        disabledAt: null,
        disabledReason: null,
        failingSince: null,
        updatedAt: now,
      },
    })
    .returning();
  if (!row) throw new Error("webhook endpoint upsert returned nothing");
  return row;
}

export async function deleteEndpoint(db: Db, companyId: string, userId: string) {
  await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.userId, userId)));
}

export async function sealedSecretOf(db: Db, companyId: string, lock = false) {
  const query = db.select().from(webhookSecrets).where(eq(webhookSecrets.companyId, companyId));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/** Inserts the company's first secret; a parallel first use keeps whichever landed first. */
export async function insertSecretOnce(db: Db, companyId: string, sealed: string, now: Date) {
  await db
    .insert(webhookSecrets)
    .values({ companyId, secretSealed: sealed, createdAt: now })
    .onConflictDoNothing({ target: webhookSecrets.companyId });
}

export async function replaceSecret(db: Db, companyId: string, sealed: string, now: Date) {
  await db
    .insert(webhookSecrets)
    .values({ companyId, secretSealed: sealed, createdAt: now, rotatedAt: now })
    .onConflictDoUpdate({
      target: webhookSecrets.companyId,
      set: { secretSealed: sealed, rotatedAt: now },
    });
}

export async function deliveriesPage(
  db: Db,
  endpointId: string,
  companyId: string,
  offset: number,
  limit: number,
) {
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.companyId, companyId)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .offset(offset)
    .limit(limit);
}

export async function deliveryOfEndpoint(db: Db, deliveryId: string, endpointId: string, companyId: string) {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.companyId, companyId),
      ),
    )
    .for("update");
  return row ?? null;
}

/** Queues the delivery again from its first attempt; the event id and payload stay as they were. */
export async function requeueDelivery(db: Db, deliveryId: string, now: Date) {
  await db
    .update(webhookDeliveries)
    .set({ status: "PENDING", attempts: 0, nextAttemptAt: now, deliveredAt: null, lastError: null })
    .where(eq(webhookDeliveries.id, deliveryId));
}
