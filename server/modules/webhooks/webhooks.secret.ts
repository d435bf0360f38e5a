import { randomBytes } from "node:crypto";
import type { Db } from "../../db/client";
import { insertSecretOnce, replaceSecret, sealedSecretOf } from "./webhooks.queries";
import type { WebhookRuntime } from "./webhooks.runtime";

// The company's Standard Webhooks signing secret: whsec_ and the base64 of 32 random bytes (the
// format the standardwebhooks libraries read). Stored sealed; opened only to sign or to show it.

const SECRET_BYTES = 32;

export function newSigningSecret(): string {
  return `whsec_${randomBytes(SECRET_BYTES).toString("base64")}`;
}

/** The secret, created on first use; parallel first uses agree on one. */
export async function signingSecretOf(
  db: Db,
  runtime: WebhookRuntime,
  companyId: string,
  now: Date,
): Promise<string> {
  const existing = await sealedSecretOf(db, companyId);
  if (existing) return runtime.secrets.open(existing.secretSealed);
  await insertSecretOnce(db, companyId, runtime.secrets.seal(newSigningSecret()), now);
  const created = await sealedSecretOf(db, companyId);
  if (!created) throw new Error("webhook secret was not stored");
  return runtime.secrets.open(created.secretSealed);
}

export async function rotateSigningSecret(
  db: Db,
  runtime: WebhookRuntime,
  companyId: string,
  now: Date,
): Promise<string> {
  const secret = newSigningSecret();
  await replaceSecret(db, companyId, runtime.secrets.seal(secret), now);
  return secret;
}
