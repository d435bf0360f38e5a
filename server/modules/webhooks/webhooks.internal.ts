import { Webhook } from "standardwebhooks";
import type { WebhookDelivery } from "../../db/schema";
import { USER_AGENT } from "./webhooks.constants";

/** The Standard Webhooks headers and body of a delivery, signed with the company's secret. */
export function signedRequest(
  delivery: Pick<WebhookDelivery, "eventId" | "payload">,
  secret: string,
  at: Date,
) {
  const body = JSON.stringify(delivery.payload);
  const signature = new Webhook(secret).sign(delivery.eventId, at, body);
  return {
    body,
    headers: {
      "content-type": "application/json",
      "user-agent": USER_AGENT,
      "webhook-id": delivery.eventId,
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": signature,
    },
  };
}
