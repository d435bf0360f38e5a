import type { FastifyInstance } from "fastify";
import { SigninWithFirebaseTokenInput, SigninWithGoogleInput } from "../../../../shared/schemas";
import { type RestRouteOptions, restContext } from "../../../rest/route-options";
import { meView } from "../auth.internal";
import { parseInput } from "../rest-input";
import { issueSession } from "../signin/issue-session";
import { signInWithFirebaseToken, signInWithGoogle, type ThirdPartySignin } from "./oauth.service";

/** POST /auth/signin_with_google and /auth/signin_with_firebase_token (spec 01 §7). */
export async function thirdPartyRoutes(app: FastifyInstance, options: RestRouteOptions) {
  const { config } = options;

  app.post("/signin_with_google", async (req, reply) => {
    const input = parseInput(SigninWithGoogleInput, req.body);
    const ctx = await restContext(options, req);
    const signin = await signInWithGoogle(ctx, config, input, req.ip);
    return answer(signin, await issueSession(ctx, req, reply, config, signin.user.id));
  });

  app.post("/signin_with_firebase_token", async (req, reply) => {
    const input = parseInput(SigninWithFirebaseTokenInput, req.body);
    const ctx = await restContext(options, req);
    const signin = await signInWithFirebaseToken(ctx, config, input, req.ip);
    return answer(signin, await issueSession(ctx, req, reply, config, signin.user.id));
  });
}

/** The /auth/me shape; an account with MFA gets a session that still has to pass it. */
function answer(signin: ThirdPartySignin, session: Parameters<typeof meView>[1]) {
  return { ...meView(signin.user, session), created: signin.created };
}
