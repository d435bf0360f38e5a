import type { FastifyInstance } from "fastify";
import { ApiInquiryInput } from "../../../shared/schemas/upgrade";
import { AppError } from "../../core/app-error";
import { systemContext } from "../../core/context";
import { type RestRouteOptions, restContext } from "../../rest/route-options";
import { applyForApi } from "./api-application.service";
import { paymentSettings } from "./payment-provider";
import { handlePaymentWebhook } from "./webhook.service";

export const PAYMENT_WEBHOOK_PATH = "/stripe/webhook";

/**
 * Stripe's webhook. Its own plugin scope: the signature covers the exact bytes sent, so this route
 * alone reads JSON as a raw buffer. No session cookie, so the CSRF check has nothing to refuse.
 */
export async function paymentWebhookRoutes(app: FastifyInstance, options: RestRouteOptions) {
  app.addContentTypeParser(
    "application/json",
    { parseAs: "buffer", bodyLimit: 512 * 1024 },
    (_req, body, done) => done(null, body),
  );
  app.post(PAYMENT_WEBHOOK_PATH, async (req, reply) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const header = req.headers["stripe-signature"];
    const signature = typeof header === "string" ? header : undefined;
    const ctx = systemContext(options.deps, "stripe-webhook");
    const outcome = await handlePaymentWebhook(ctx, paymentSettings(options.config), raw, signature);
    return reply.send({ received: true, outcome });
  });
}

/** The API application of the API settings page (spec 02 §7: POST /inquiry {type, teamId, accountId, email}). */
export async function inquiryRoutes(app: FastifyInstance, options: RestRouteOptions) {
  app.post("/inquiry", async (req, reply) => {
    const parsed = ApiInquiryInput.safeParse(req.body);
    if (!parsed.success) throw new AppError("VALIDATION_FAILED");
    const state = await applyForApi(
      await restContext(options, req),
      paymentSettings(options.config),
      parsed.data,
    );
    return reply.header("cache-control", "no-store").send(state);
  });
}
