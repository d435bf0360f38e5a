import type { Viewer } from "./session";

// The sign-up form asks for the company, but the company is created only after the e-mail is
// verified. The server keeps what was typed with the account (docs/decisions, pending
// registration), so the verification link may be opened on any device or browser: the viewer
// carries it until the company exists.

export interface PendingCompany {
  companyName: string;
  companyTel: string;
}

/** The company the signed-in account typed at sign-up and has not created yet, if any. */
export function pendingCompanyOf(viewer: Pick<Viewer, "pendingCompany" | "company"> | null | undefined) {
  if (!viewer || viewer.company) return null;
  return viewer.pendingCompany;
}
