import type { FastifyInstance } from "fastify";
import { type RestRouteOptions, restContext } from "../../rest/route-options";
import { ClientErrorReport, reportClientError } from "./telemetry.service";

export async function telemetryRoutes(app: FastifyInstance, options: RestRouteOptions) {
  app.post("/client-errors", { bodyLimit: 16 * 1024 }, async (req, reply) => {
    const report = ClientErrorReport.safeParse(req.body);
    if (!report.success)
      return reply.status(400).send({ error: true, code: "VALIDATION_FAILED", message: "invalid report" });
    await reportClientError(await restContext(options, req), report.data, {
      ip: req.ip,
      userAgent: req.headers["user-agent"] ?? "",
    });
    return reply.status(204).send();
  });
}
