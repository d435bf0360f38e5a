import type { FastifyInstance } from "fastify";
import { AppError } from "../../core/app-error";
import { type RestRouteOptions, restContext } from "../../rest/route-options";
import { ClientErrorReport, reportClientError } from "./telemetry.service";

export async function telemetryRoutes(app: FastifyInstance, options: RestRouteOptions) {
  app.post("/client-errors", { bodyLimit: 16 * 1024 }, async (req, reply) => {
    const report = ClientErrorReport.safeParse(req.body);
    if (!report.success) throw new AppError("VALIDATION_FAILED");
    await reportClientError(await restContext(options, req), report.data, {
      ip: req.ip,
      userAgent: req.headers["user-agent"] ?? "",
    });
    return reply.status(204).send();
  });
}
