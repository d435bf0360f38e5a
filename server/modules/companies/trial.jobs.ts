import { sql } from "drizzle-orm";
import { z } from "zod";
import { FREE_TRIAL_DAYS } from "../../../shared/constants";
import { AppError } from "../../core/app-error";
import type { ServiceContext } from "../../core/context";
import { auditLogs } from "../../db/schema";
import { defineJob } from "../../jobs/define";

// The trial lifecycle, run daily. A company IN_TRIAL becomes CHURN once its 30 days are over,
// unless a paid contract is current or upcoming (an upgrade signed). A FREE contract the provider
// extended past the 30 days keeps the trial going until it ends. And an accepted upgrade waiting
// for its start date (WAITING_CONTRACT) becomes ACTIVE when that date comes.

const ACTOR = "system:trial-lifecycle";

export interface TrialLifecycleResult {
  churned: string[];
  activated: string[];
}

export async function runTrialLifecycle(ctx: ServiceContext): Promise<TrialLifecycleResult> {
  if (ctx.actor.kind !== "system") throw new AppError("PERMISSION_DENIED");
  const now = sql`${ctx.clock.now().toISOString()}::timestamptz`;
  return ctx.tx(async (tx) => {
    const churned = await tx.db.execute<{ id: string }>(sql`
      update companies c set contract_status = 'CHURN', updated_at = ${now}
      where c.contract_status = 'IN_TRIAL'
        and c.trial_started_at is not null
        and c.trial_started_at + make_interval(days => ${FREE_TRIAL_DAYS}) <= ${now}
        and not exists (
          select 1 from contracts k
          where k.company_id = c.id and k.ends_at > ${now}
            and (k.plan <> 'FREE' or k.starts_at <= ${now}))
      returning c.id`);
    const activated = await tx.db.execute<{ id: string }>(sql`
      update companies c set contract_status = 'ACTIVE', updated_at = ${now}
      where c.contract_status = 'WAITING_CONTRACT'
        and exists (
          select 1 from contracts k
          where k.company_id = c.id and k.plan <> 'FREE' and k.starts_at <= ${now} and k.ends_at > ${now})
      returning c.id`);
    const audit = [
      ...churned.map((r) => ({
        actor: ACTOR,
        action: "company.trialEnded",
        target: `company:${r.id}`,
        details: { status: "CHURN" },
      })),
      ...activated.map((r) => ({
        actor: ACTOR,
        action: "company.contractStarted",
        target: `company:${r.id}`,
        details: { status: "ACTIVE" },
      })),
    ];
    if (audit.length) await tx.db.insert(auditLogs).values(audit);
    return { churned: churned.map((r) => r.id), activated: activated.map((r) => r.id) };
  });
}

export const trialLifecycleJob = defineJob({
  name: "companies.trial-lifecycle",
  payload: z.object({}),
  options: { policy: "exclusive", retryLimit: 3, retryBackoff: true, expireInSeconds: 600 },
  schedule: { cron: "7 0 * * *", data: {} },
  handle: async (ctx) => {
    const result = await runTrialLifecycle(ctx);
    ctx.log.info({ churned: result.churned.length, activated: result.activated.length }, "trial lifecycle");
  },
});
