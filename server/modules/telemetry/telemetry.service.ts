import { z } from "zod";
import type { ServiceContext } from "../../core/context";
import { consumeRateLimit } from "../../core/rate-limit";

export const ClientErrorReport = z.object({
  kind: z.enum(["crash", "request", "unhandled", "redirect", "problem"]),
  message: z.string().max(2000),
  stack: z.string().max(8000).optional(),
  url: z.string().max(2000),
  release: z.string().max(100).optional(),
  /** The x-request-id of the failed request, so the report and the server's own log line meet. */
  requestId: z
    .string()
    .regex(/^[\w-]{8,64}$/)
    .optional(),
});
export type ClientErrorReport = z.infer<typeof ClientErrorReport>;

/**
 * Errors the console reports (crash screen, failed requests, foreign redirect targets) go to the
 * server log at warn level with the request ids and the reporter: a browser's report is a lead
 * to follow, not proof the server failed (that one logs its own error under the same request id),
 * and anyone may send one, so it must not page anybody by itself.
 * Anyone may report (the crash may happen before sign-in), so it is rate-limited per address.
 */
export async function reportClientError(
  ctx: ServiceContext,
  report: ClientErrorReport,
  meta: { ip: string; userAgent: string },
) {
  await consumeRateLimit(ctx, { key: `client-errors:ip:${meta.ip}`, limit: 30, windowMs: 60_000 });
  const reporter =
    ctx.actor.kind === "user"
      ? { userId: ctx.actor.userId, companyId: ctx.actor.companyId }
      : { anonymous: true };
  ctx.log.warn(
    { clientError: report, reporter, userAgent: meta.userAgent.slice(0, 300) },
    `client ${report.kind} error`,
  );
}
