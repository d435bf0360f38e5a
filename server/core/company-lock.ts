import { eq } from "drizzle-orm";
import { type Company, companies } from "../db/schema";
import { AppError } from "./app-error";
import type { ServiceContext } from "./context";

/**
 * Serializes the check-then-act rules the company owns (seats, "at least one Admin", invitation
 * sending) by locking its row until the transaction ends: two requests that would each pass the
 * check alone run one after the other, and the second sees the first's result.
 *
 * NO KEY UPDATE conflicts with itself and with the FOR UPDATE of account deletion, but not with the
 * KEY SHARE locks that inserts referencing the company take, so the company's other work (new
 * shipments, comments) never waits on it. Answers the locked row, read under the lock.
 */
export async function lockCompany(ctx: ServiceContext, companyId: string): Promise<Company> {
  if (!ctx.inTransaction) throw new Error("lockCompany must run inside a transaction");
  const [row] = await ctx.db.select().from(companies).where(eq(companies.id, companyId)).for("no key update");
  if (!row) throw new AppError("NO_COMPANY");
  return row;
}
