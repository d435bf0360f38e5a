import type { FastifyInstance } from "fastify";
import {
  ChangePasswordInput,
  ResetPasswordInput,
  SendPasswordResetEmailInput,
  SigninInput,
  SignupInput,
  TokenInput,
} from "../../../shared/schemas";
import { clearSessionCookie } from "../../core/session-cookie";
import { type RestRouteOptions, restContext } from "../../rest/route-options";
import { DeleteAccountInput, deleteAccount } from "./account.service";
import { meView } from "./auth.internal";
import { getMe } from "./me.service";
import { changePassword, resetPassword, sendPasswordResetEmail } from "./password/password.service";
import { parseInput } from "./rest-input";
import { decoySignupAnswer, issueSession } from "./signin/issue-session";
import { endCurrentSession, signIn } from "./signin/signin.service";
import { type InvitedSignup, signUp } from "./signup/signup.service";
import { endSignupDecoy, resendForSignupDecoy, signupDecoyView } from "./signup/signup-decoy";
import { sendVerificationEmail, verifyEmail } from "./signup/verification.service";

const OK = { ok: true } as const;

/** The account routes of spec 01 §7 under /auth: sign-up, sign-in and out, passwords, e-mail. */
export async function accountRoutes(
  app: FastifyInstance,
  options: RestRouteOptions & { invitations: InvitedSignup },
) {
  const { config } = options;
  const appUrl = config.APP_URL;

  app.get("/me", async (req) =>
    req.signupDecoy ? signupDecoyView(req.signupDecoy) : getMe(await restContext(options, req)),
  );

  app.post("/signup", async (req, reply) => {
    const ctx = await restContext(options, req);
    const input = parseInput(SignupInput, req.body);
    const outcome = await signUp(ctx, input, { ip: req.ip, appUrl }, options.invitations);
    if (outcome.kind === "existing") return decoySignupAnswer(ctx, reply, config, input);
    return meView(outcome.user, await issueSession(ctx, req, reply, config, outcome.user.id));
  });

  app.post("/signin", async (req, reply) => {
    const ctx = await restContext(options, req);
    const user = await signIn(ctx, parseInput(SigninInput, req.body), { ip: req.ip });
    return meView(
      user,
      await issueSession(ctx, req, reply, config, user.id, { isMultiFactorVerified: false }),
    );
  });

  app.post("/signout", async (req, reply) => {
    const ctx = await restContext(options, req);
    if (req.signupDecoy) await endSignupDecoy(ctx.db, req.signupDecoy);
    await endCurrentSession(ctx);
    clearSessionCookie(reply, config);
    return OK;
  });

  app.post("/send_password_reset_email", async (req) => {
    const ctx = await restContext(options, req);
    await sendPasswordResetEmail(ctx, parseInput(SendPasswordResetEmailInput, req.body), {
      ip: req.ip,
      appUrl,
    });
    return OK;
  });

  app.post("/reset_password", async (req) => {
    await resetPassword(await restContext(options, req), parseInput(ResetPasswordInput, req.body));
    return OK;
  });

  app.post("/reset_password_with_current_password", async (req) => {
    await changePassword(await restContext(options, req), parseInput(ChangePasswordInput, req.body));
    return OK;
  });

  app.post("/send_verification_email", async (req) => {
    const ctx = await restContext(options, req);
    const result = req.signupDecoy
      ? await resendForSignupDecoy(ctx, req.signupDecoy)
      : await sendVerificationEmail(ctx, { appUrl });
    return { ...OK, ...result };
  });

  app.post("/verify_email", async (req) => {
    const result = await verifyEmail(await restContext(options, req), parseInput(TokenInput, req.body));
    return { ...OK, ...result };
  });

  app.post("/delete_account", async (req, reply) => {
    await deleteAccount(await restContext(options, req), parseInput(DeleteAccountInput, req.body));
    clearSessionCookie(reply, config);
    return OK;
  });
}
