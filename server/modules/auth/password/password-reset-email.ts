import { z } from "zod";
import { requireSystem } from "../../../core/authz";
import type { ServiceContext } from "../../../core/context";
import { defineJob } from "../../../jobs/define";
import { queueEmail } from "../../mail/mail.internal";
import { findUserByEmail } from "../account.queries";
import { issueOneTimeToken, passwordResetUrl } from "../one-time-tokens";

// The work behind POST /auth/send_password_reset_email. The request only counts its limits and
// queues this job, the same statements for every address, so neither its answer nor its timing
// tells whether the address has an account; the lookup, the token and the e-mail happen here.

export async function mailPasswordReset(ctx: ServiceContext, input: { email: string; appUrl: string }) {
  requireSystem(ctx);
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user) return;
  await ctx.tx(async (tx) => {
    const token = await issueOneTimeToken(tx, "PASSWORD_RESET", user);
    await queueEmail(tx, {
      to: user.email,
      template: "passwordReset",
      params: { name: user.nickname, url: passwordResetUrl(input.appUrl, token) },
      lang: user.language,
      companyId: user.companyId,
    });
  });
}

export const passwordResetEmailJob = defineJob({
  name: "auth.password-reset-email",
  // The address itself: an unknown one has no id to carry.
  payload: z.object({ email: z.string().max(320), appUrl: z.url() }),
  options: { retryLimit: 3, retryBackoff: true, expireInSeconds: 120 },
  handle: async (ctx, payload) => {
    await mailPasswordReset(ctx, payload);
  },
});
