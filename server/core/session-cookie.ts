import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config";

// HttpOnly, SameSite=Lax, Path=/; Secure with the __Host- prefix whenever the app is served over
// https. Plain-http localhost in development gets an unprefixed, non-Secure cookie so it works.

export function isSecureApp(config: Pick<Config, "APP_URL">): boolean {
  return new URL(config.APP_URL).protocol === "https:";
}

export function sessionCookieName(config: Pick<Config, "APP_URL">): string {
  return isSecureApp(config) ? "__Host-session" : "session";
}

export function readSessionCookie(req: FastifyRequest, config: Pick<Config, "APP_URL">): string | undefined {
  return req.cookies[sessionCookieName(config)];
}

export function setSessionCookie(
  reply: FastifyReply,
  config: Pick<Config, "APP_URL">,
  token: string,
  expires: Date,
) {
  reply.setCookie(sessionCookieName(config), token, {
    httpOnly: true,
    secure: isSecureApp(config),
    sameSite: "lax",
    path: "/",
    expires,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Pick<Config, "APP_URL">) {
  reply.setCookie(sessionCookieName(config), "", {
    httpOnly: true,
    secure: isSecureApp(config),
    sameSite: "lax",
    path: "/",
    maxAge: 0,
  });
}
