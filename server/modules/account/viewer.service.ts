import { type Language, type Role, roleFromId } from "../../../shared/enums";
import { AppError } from "../../core/app-error";
import { requireSignedIn } from "../../core/authz";
import type { ServiceContext } from "../../core/context";
import { snapshotMemo } from "../../core/request-cache";
import { viewerAccount, viewerTeams } from "../companies/companies.internal";
import { type ViewerCompany, viewerCompany } from "../companies/viewer.service";

// The signed-in person as the console gates and the API's viewer see them: their account, their
// company's standing and their teams. It gathers from auth's session and the companies and teams
// data, so it lives above them (server/modules/README.md, "Module order").

export interface Viewer {
  account: {
    id: string;
    email: string;
    nickname: string;
    color: string;
    language: Language;
    isEmailVerified: boolean;
    isMultiFactorEnabled: boolean;
    createdAt: string;
  };
  /**
   * The company typed at sign-up, still to be created once the e-mail is verified; kept with the
   * account so any device that verifies finds it. Null once the user has a company.
   */
  pendingCompany: { companyName: string; companyTel: string } | null;
  session: { isMultiFactorVerified: boolean };
  role: Role | null;
  company: ViewerCompany | null;
  teams: { id: string; name: string }[];
}

/**
 * account.viewer: everything the console gates decide on, for a user in any state (unverified,
 * before MFA, without a company), so each gate can show itself.
 */
export async function getViewer(ctx: ServiceContext): Promise<Viewer> {
  const actor = requireSignedIn(ctx);
  // On a read request the session's own statement already holds the user, company and contracts,
  // so the viewer costs one more statement, its teams, and none when the session was cached.
  const account = await viewerAccount(ctx, actor);
  if (!account) throw new AppError("UNAUTHENTICATED");
  const { user, session } = account;
  // A cached session keeps its viewer's teams: memberships and team names are announced changes.
  const [company, memberships] = await Promise.all([
    viewerCompany(ctx),
    snapshotMemo(ctx, `viewer.teams:${user.id}`, () => viewerTeams(ctx, user.id)),
  ]);
  return {
    account: {
      id: user.id,
      email: user.email,
      nickname: user.nickname,
      color: user.color,
      language: user.language,
      isEmailVerified: user.isEmailVerified,
      isMultiFactorEnabled: user.isMultiFactorEnabled,
      createdAt: user.createdAt.toISOString(),
    },
    pendingCompany:
      !user.companyId && user.pendingCompanyName && user.pendingCompanyTel
        ? { companyName: user.pendingCompanyName, companyTel: user.pendingCompanyTel }
        : null,
    session: { isMultiFactorVerified: session.isMultiFactorVerified },
    role: user.companyId && user.roleId ? (roleFromId(user.roleId) ?? null) : null,
    company,
    teams: memberships,
  };
}
