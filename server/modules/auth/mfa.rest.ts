import type { FastifyInstance } from "fastify";
import { TotpInput } from "../../../shared/schemas";
import { type RestRouteOptions, restContext } from "../../rest/route-options";
import { disableMfa, enableMfa, startMfaEnrolment, verifyMfa } from "./mfa.service";
import { parseInput } from "./rest-input";

/** The multi-factor routes of spec 01 §7, plus disabling it (a way out the spec does not show). */
export async function mfaRoutes(app: FastifyInstance, options: RestRouteOptions) {
  app.get("/multi_factor_qrcode", async (req, reply) => {
    const enrolment = await startMfaEnrolment(await restContext(options, req));
    // The answer carries the secret itself: no cache may keep it.
    reply.header("cache-control", "no-store");
    return enrolment;
  });

  const actions = {
    "/enable_multi_factor_authentication": enableMfa,
    "/verify_multi_factor_authentication": verifyMfa,
    "/disable_multi_factor_authentication": disableMfa,
  };
  for (const [path, action] of Object.entries(actions)) {
    app.post(path, async (req) => {
      const input = parseInput(TotpInput, req.body);
      await action(await restContext(options, req), input);
      return { ok: true };
    });
  }
}
