import type { FastifyInstance } from "fastify";
import { AppError } from "../../../core/app-error";
import { type RestRouteOptions, restContext } from "../../../rest/route-options";
import { CsvSampleQuery, getCsvSample } from "./csv-samples.service";

/**
 * GET /samples/shipments.csv?encoding=sjis|utf8&customFields=1: the New shipment page's sample
 * downloads (spec 01 §2). A plain link downloads it, so it is a GET with the session cookie.
 */
export async function csvSampleRoutes(app: FastifyInstance, options: RestRouteOptions) {
  app.get("/samples/shipments.csv", async (req, reply) => {
    const ctx = await restContext(options, req);
    const query = CsvSampleQuery.safeParse(req.query);
    if (!query.success) throw new AppError("VALIDATION_FAILED");
    const file = await getCsvSample(ctx, query.data);
    return reply
      .header("content-type", file.contentType)
      .header("content-disposition", `attachment; filename="${file.fileName}"`)
      .header("cache-control", "private, no-store")
      .send(Buffer.from(file.body));
  });
}
