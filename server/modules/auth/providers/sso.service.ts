import { AppError } from "../../../core/app-error";
import type { ServiceContext } from "../../../core/context";

/**
 * GET /sso (the Help link): only https addresses on the product's own hosts, so the link cannot be
 * used to send people to a look-alike site with our domain in the address bar.
 */
export function resolveSsoRedirect(
  _ctx: ServiceContext,
  redirectTo: unknown,
  allowedHosts: readonly string[],
): string {
  if (typeof redirectTo !== "string") throw new AppError("SSO_REDIRECT_NOT_ALLOWED");
  let url: URL;
  try {
    url = new URL(redirectTo);
  } catch {
    throw new AppError("SSO_REDIRECT_NOT_ALLOWED");
  }
  const allowed =
    url.protocol === "https:" &&
    url.username === "" &&
    url.password === "" &&
    allowedHosts.includes(url.hostname.toLowerCase());
  if (!allowed) throw new AppError("SSO_REDIRECT_NOT_ALLOWED");
  return url.toString();
}
