import type { FastifyInstance } from "fastify";
import { AppError } from "../../../core/app-error";
import { type RestRouteOptions, restContext } from "../../../rest/route-options";
import {
  CsvExportInput,
  type CsvExportKind,
  exportShipmentsCsv,
  HEADQUARTER_TEAM_ID,
} from "./csv-export.service";

/** 100,000 ids of 36 characters, with their `shipmentIds=` names and separators. */
const FORM_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * POST /csv_download_v2 and /csv_download_containers (spec 01 §7): an HTML form post (teamId and
 * repeated shipmentIds) with the session cookie; the CSRF origin check of every cookie request
 * applies. teamId HEADQUARTER (or empty) is the headquarters view.
 */
export async function csvExportRoutes(app: FastifyInstance, options: RestRouteOptions) {
  // Only inside this plugin: other routes keep refusing form bodies.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: FORM_BODY_LIMIT },
    (_req, body, done) => done(null, new URLSearchParams(body as string)),
  );

  const route = (path: string, kind: CsvExportKind) =>
    app.post(path, { bodyLimit: FORM_BODY_LIMIT }, async (req, reply) => {
      const form = req.body instanceof URLSearchParams ? req.body : new URLSearchParams();
      const teamId = form.get("teamId") ?? "";
      const input = CsvExportInput.safeParse({
        teamId: teamId === "" || teamId === HEADQUARTER_TEAM_ID ? null : teamId,
        shipmentIds: [...form.getAll("shipmentIds"), ...form.getAll("shipmentIds[]")],
      });
      if (!input.success) throw new AppError("VALIDATION_FAILED");
      const file = await exportShipmentsCsv(await restContext(options, req), input.data, kind);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${file.fileName}"`)
        .header("cache-control", "private, no-store")
        .send(file.body);
    });

  route("/csv_download_v2", "shipments");
  route("/csv_download_containers", "containers");
}
