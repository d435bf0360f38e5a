import { LEGACY_INVITATION_TOKEN_LENGTH } from "../../../shared/constants";
import { secureRandomString } from "../auth/tokens";

/**
 * A fresh invitation token: 200 random bits as 40 base32 characters. Never 32 characters long:
 * that length marks the legacy links from before 24 April 2025, which are refused as such.
 */
export function newInvitationToken(): string {
  const token = secureRandomString(25);
  if (token.length === LEGACY_INVITATION_TOKEN_LENGTH)
    throw new Error("invitation token length collides with legacy");
  return token;
}

export function invitationUrl(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/+$/, "")}/app/auth/signup/${token}`;
}

function domainOf(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1).toLowerCase();
}

/**
 * Invitations go only to addresses at the company's own domains: the domain of the company's work
 * e-mail, plus the extra domains the Admin lists in company settings (allowedInvitationDomains).
 * This keeps a compromised or careless Admin account from pulling outsiders into the company's
 * data; partners from outside are invited as guests of a team instead.
 */
export function allowedInvitationDomains(company: { workEmail: string; allowedInvitationDomains: string[] }) {
  return [
    ...new Set([
      domainOf(company.workEmail),
      ...company.allowedInvitationDomains.map((d) => d.toLowerCase()),
    ]),
  ];
}

export function firstDisallowedEmail(emails: string[], allowed: string[]): string | undefined {
  return emails.find((email) => !allowed.includes(domainOf(email)));
}
