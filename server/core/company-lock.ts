import { eq } from "drizzle-orm";
import { companies } from "../db/schema";
import { AppError } from "./app-error";
import type { ServiceContext } from "./context";

/**
 * Serializes the check-then-act rules the company owns (seats, "at least one Admin", invitation
 * sending) by locking its row until the transaction ends: two requests that would each pass the
 * check alone run one after the other, and the second sees the first's result.
 *
 * NO KEY UPDATE conflicts with itself and with the FOR UPDATE of account deletion, but not with the
 * KEY SHARE locks that inserts referencing the company take, so the company's other work (new
 * shipments, comments) never waits on it.
 */
export async function lockCompany(ctx: ServiceContext, companyId: string): Promise<void> {
  if (!ctx.inTransaction) throw new Error("lockCompany must run inside a transaction");
  const [row] = await ctx.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for("no key update");
  if (!row) throw new AppError("NO_COMPANY");
}
