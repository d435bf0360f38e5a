import { type Clock, TestClock } from "../../server/core/clock";
import { type Actor, createServiceContext, type ServiceContext } from "../../server/core/context";
import type { Db } from "../../server/db/client";
import type { User } from "../../server/db/schema";
import type { JobQueue } from "../../server/jobs/queue";
import type { Language } from "../../shared/enums";
import { roleFromId } from "../../shared/enums";

export const silentLog = {
  error: () => {},
  warn: () => {},
  info: () => {},
  debug: () => {},
  child: () => silentLog,
} as never;

/** Records sent jobs instead of enqueueing them, for service tests that do not run pg-boss. */
export function recordingJobs(): JobQueue & { sent: { name: string; payload: unknown }[] } {
  const sent: { name: string; payload: unknown }[] = [];
  const queue = {
    sent,
    async send(job: { name: string; payload: { parse(v: unknown): unknown } }, payload: unknown) {
      sent.push({ name: job.name, payload: job.payload.parse(payload) });
      return `job-${sent.length}`;
    },
    async sendMany(
      job: { name: string; payload: { parse(v: unknown): unknown } },
      jobs: { payload: unknown }[],
    ) {
      for (const j of jobs) sent.push({ name: job.name, payload: job.payload.parse(j.payload) });
    },
    within: () => queue,
  };
  return queue as never;
}

export function userActor(user: User, overrides: Partial<Extract<Actor, { kind: "user" }>> = {}): Actor {
  return {
    kind: "user",
    userId: user.id,
    sessionId: "test-session",
    email: user.email,
    companyId: user.companyId,
    role: user.roleId ? (roleFromId(user.roleId) ?? null) : null,
    emailVerified: user.isEmailVerified,
    mfaSatisfied: true,
    ...overrides,
  };
}

/** A service context acting as `user` (or any actor), on `db`, with a movable clock. */
export function contextFor(
  db: Db,
  who: User | Actor,
  options: { clock?: Clock; lang?: Language; jobs?: JobQueue } = {},
): ServiceContext {
  const actor = "kind" in who ? who : userActor(who);
  return createServiceContext(
    {
      db: db as never,
      jobs: options.jobs ?? recordingJobs(),
      clock: options.clock ?? new TestClock(),
      log: silentLog,
    },
    actor,
    options.lang ?? "en",
  );
}
