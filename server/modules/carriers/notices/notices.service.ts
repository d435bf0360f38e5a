import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import {
  LINE_NOTICE_KINDS,
  type LineNoticeKind,
  SHIPPING_LINE_CODES,
  type ShippingLine,
} from "../../../../shared/enums";
import { requireProvider } from "../../../core/authz";
import type { ServiceContext } from "../../../core/context";
import { auditLogs, type CarrierNotice, carrierNotices } from "../../../db/schema";

// Spec 01 §8 names shipping-line delay and maintenance notices: the provider sets one per line
// from the admin CLI when a carrier answers late or is down, and the console shows it wherever
// that line's data is shown or asked for.

export interface LineNotice {
  shippingLine: ShippingLine;
  kind: LineNoticeKind;
  since: string;
}

const toNotice = (row: CarrierNotice): LineNotice => ({
  shippingLine: row.shippingLine as ShippingLine,
  kind: row.kind as LineNoticeKind,
  since: row.setAt.toISOString(),
});

/** The notices in force, one per line at most. Public reference data like the list of lines. */
export async function listLineNotices(ctx: ServiceContext): Promise<LineNotice[]> {
  const rows = await ctx.db.select().from(carrierNotices).orderBy(asc(carrierNotices.shippingLine));
  return rows.map(toNotice);
}

export const SetLineNoticeInput = z.object({
  shippingLine: z.enum(SHIPPING_LINE_CODES),
  kind: z.enum(LINE_NOTICE_KINDS),
});

/** Sets (or replaces) the notice of one line. */
export async function setLineNotice(
  ctx: ServiceContext,
  raw: z.input<typeof SetLineNoticeInput>,
): Promise<LineNotice> {
  const operator = requireProvider(ctx);
  const input = SetLineNoticeInput.parse(raw);
  return ctx.tx(async (tx) => {
    const now = tx.clock.now();
    const [row] = await tx.db
      .insert(carrierNotices)
      .values({ shippingLine: input.shippingLine, kind: input.kind, setBy: operator, setAt: now })
      .onConflictDoUpdate({
        target: carrierNotices.shippingLine,
        set: { kind: input.kind, setBy: operator, setAt: now },
      })
      .returning();
    await tx.db.insert(auditLogs).values({
      actor: operator,
      action: "line-notice.set",
      target: `line:${input.shippingLine}`,
      details: { kind: input.kind },
    });
    if (!row) throw new Error("the notice was not written");
    return toNotice(row);
  });
}

/** Clears a line's notice; false when it had none. */
export async function clearLineNotice(ctx: ServiceContext, line: string): Promise<boolean> {
  const operator = requireProvider(ctx);
  const shippingLine = z.enum(SHIPPING_LINE_CODES).parse(line);
  return ctx.tx(async (tx) => {
    const removed = await tx.db
      .delete(carrierNotices)
      .where(eq(carrierNotices.shippingLine, shippingLine))
      .returning({ line: carrierNotices.shippingLine });
    if (removed.length > 0)
      await tx.db.insert(auditLogs).values({
        actor: operator,
        action: "line-notice.clear",
        target: `line:${shippingLine}`,
      });
    return removed.length > 0;
  });
}
