import type { FastifyInstance } from "fastify";
import { MfaChangeInput, MfaSetupInput, TotpInput } from "../../../../shared/schemas";
import { type RestRouteOptions, restContext } from "../../../rest/route-options";
import { parseInput } from "../rest-input";
import { renewSession } from "../signin/issue-session";
import { verifyMfa } from "./mfa.service";
import { disableMfa, enableMfa, getMfaEnrolment, setUpMfa } from "./mfa-enrolment.service";

/**
 * The multi-factor routes of spec 01 §7, plus an explicit set-up (the spec's GET only reads the
 * pending key) and disabling it (a way out the spec does not show).
 */
export async function mfaRoutes(app: FastifyInstance, options: RestRouteOptions) {
  app.post("/multi_factor_setup", async (req, reply) => {
    const ctx = await restContext(options, req);
    const { enrolment, passwordProven } = await setUpMfa(ctx, parseInput(MfaSetupInput, req.body));
    if (passwordProven) await renewSession(ctx, req, reply, options.config);
    // The answer carries the secret itself: no cache may keep it.
    reply.header("cache-control", "no-store");
    return enrolment;
  });

  app.get("/multi_factor_qrcode", async (req, reply) => {
    const enrolment = await getMfaEnrolment(await restContext(options, req));
    reply.header("cache-control", "no-store");
    return enrolment;
  });

  app.post("/verify_multi_factor_authentication", async (req) => {
    await verifyMfa(await restContext(options, req), parseInput(TotpInput, req.body));
    return { ok: true };
  });

  const changes = {
    "/enable_multi_factor_authentication": enableMfa,
    "/disable_multi_factor_authentication": disableMfa,
  };
  for (const [path, action] of Object.entries(changes)) {
    app.post(path, async (req) => {
      await action(await restContext(options, req), parseInput(MfaChangeInput, req.body));
      return { ok: true };
    });
  }
}
