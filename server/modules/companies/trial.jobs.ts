import { z } from "zod";
import type { ServiceContext } from "../../core/context";
import { defineJob } from "../../jobs/define";
import { syncContractStatuses } from "../plans/contract-status.service";

// The contract lifecycle, run daily: the stored status follows the contracts and the clock
// (shared/plan-standing). A trial whose FREE contract has ended with nothing after it becomes CHURN
// (a FREE contract the provider extended keeps the trial going); an accepted upgrade waiting for its
// start date (WAITING_CONTRACT) becomes ACTIVE when that date comes; an ended paid contract, CHURN.

const ACTOR = "system:trial-lifecycle";

export interface TrialLifecycleResult {
  churned: string[];
  activated: string[];
  waiting: string[];
}

export async function runTrialLifecycle(ctx: ServiceContext): Promise<TrialLifecycleResult> {
  const changes = await syncContractStatuses(ctx, ACTOR);
  return { churned: changes.CHURN, activated: changes.ACTIVE, waiting: changes.WAITING_CONTRACT };
}

export const trialLifecycleJob = defineJob({
  name: "companies.trial-lifecycle",
  payload: z.object({}),
  options: { policy: "exclusive", retryLimit: 3, retryBackoff: true, expireInSeconds: 600 },
  schedule: { cron: "7 0 * * *", data: {} },
  handle: async (ctx) => {
    const result = await runTrialLifecycle(ctx);
    ctx.log.info(
      { churned: result.churned.length, activated: result.activated.length, waiting: result.waiting.length },
      "contract lifecycle",
    );
  },
});
