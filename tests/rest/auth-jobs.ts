import { createJobQueue } from "../../server/jobs/queue";
import { passwordResetEmailJob } from "../../server/modules/auth/password/password-reset-email";
import type { TestApp } from "../setup/app";
import { contextFor } from "../setup/context";

// The test apps run no worker: what a request queues for the background waits in pg-boss until a
// test runs it here, through the job's own handler, as the worker would.

/** Runs every queued password-reset job; answers how many ran. */
export async function runPasswordResetJobs(
  app: Pick<TestApp, "database" | "boss" | "clock">,
): Promise<number> {
  const ctx = contextFor(
    app.database.db,
    { kind: "system", reason: "test: password reset jobs" },
    { clock: app.clock, jobs: createJobQueue(app.boss) },
  );
  let ran = 0;
  for (;;) {
    const jobs = await app.boss.fetch<unknown>(passwordResetEmailJob.name, { batchSize: 20 });
    if (jobs.length === 0) return ran;
    for (const job of jobs) {
      await passwordResetEmailJob.handle(ctx, passwordResetEmailJob.payload.parse(job.data), {});
      await app.boss.complete(passwordResetEmailJob.name, job.id);
      ran += 1;
    }
  }
}
