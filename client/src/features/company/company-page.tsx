import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { can } from "../../../../shared/permissions";
import { paths } from "../../app/paths";
import { Alert } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button, buttonClasses } from "../../components/ui/button";
import { LockIcon, ShieldIcon, UserPlusIcon } from "../../components/ui/icons-actions";
import { PageHeader } from "../../components/ui/page-header";
import { EmptyState, ErrorState, LoadingState } from "../../components/ui/state";
import { useDocumentTitle } from "../../lib/document-title";
import { useViewerQuery } from "../../lib/session";
import { trpc } from "../../lib/trpc";
import { CompanySettingsSection } from "./company-settings-section";
import { DangerZoneSection } from "./danger-zone-section";
import { InvitationDomainsSection } from "./invitation-domains-section";
import { InvitationsSection } from "./invitations-section";
import { InviteDialog } from "./invite-dialog";
import { MembersSection } from "./members-section";
import { TeamsSection } from "./teams-section";

/** Operators and Readonly members are kept out (spec 02 §2, §6), with the spec's message. */
export function PermissionDenied() {
  const { t } = useTranslation();
  useDocumentTitle(t("errors.PERMISSION_DENIED"));
  return (
    <EmptyState
      icon={<LockIcon className="size-6" />}
      title={t("errors.PERMISSION_DENIED")}
      actions={
        <>
          <Link href={paths.console} className={buttonClasses("primary")}>
            {t("company.backToConsole")}
          </Link>
          <Link href={paths.roles} className={buttonClasses("secondary")}>
            {t("company.rolesLink")}
          </Link>
        </>
      }
    >
      {t("company.deniedBody")}
    </EmptyState>
  );
}

/** /app/console/settings/company: Company and members (spec 02 §2), for Admins and Managers. */
export function CompanyPage() {
  const viewer = useViewerQuery().data;
  const role = viewer?.role ?? null;
  if (!viewer) return null;
  if (!role || !can(role, "companyPage.view")) return <PermissionDenied />;
  return <CompanyPageContent viewerId={viewer.account.id} isAdmin={role === "ADMIN"} />;
}

function CompanyPageContent({ viewerId, isAdmin }: { viewerId: string; isAdmin: boolean }) {
  const { t } = useTranslation();
  const title = t("company.title");
  useDocumentTitle(title);
  const settings = trpc.companies.settings.useQuery();
  const members = trpc.members.list.useQuery();
  const [inviting, setInviting] = useState(false);

  if (settings.isError) {
    return <ErrorState message={t("errors.SERVER_ISSUE")} onRetry={() => void settings.refetch()} />;
  }
  if (!settings.data) return <LoadingState />;
  const company = settings.data;
  const limitReached = members.data?.reachedMaxMembers === true;

  const seats = members.data ? (
    <Badge tone={limitReached ? "warning" : "neutral"}>
      {t("company.members.seats", { count: members.data.memberCount, max: members.data.maxMembers })}
    </Badge>
  ) : null;
  const membersAside = (
    <div className="flex flex-wrap items-center gap-3">
      {seats}
      {isAdmin ? (
        <Button
          variant="primary"
          size="sm"
          disabled={limitReached}
          title={limitReached ? t("company.invitations.limitReached") : undefined}
          onClick={() => setInviting(true)}
        >
          <UserPlusIcon className="size-4" />
          {t("company.invitations.invite")}
        </Button>
      ) : null}
    </div>
  );

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <PageHeader
        title={title}
        description={t("company.description", { company: company.companyName })}
        actions={
          <Link href={paths.roles} className={buttonClasses("secondary", "sm")}>
            <ShieldIcon className="size-4" />
            {t("company.rolesLink")}
          </Link>
        }
      />
      {limitReached ? (
        <Alert
          tone="warning"
          role="status"
          title={t("errors.MEMBER_LIMIT_REACHED")}
          actions={
            isAdmin ? (
              <Link href={paths.plans} className={buttonClasses("secondary", "sm")}>
                {t("company.viewPlans")}
              </Link>
            ) : null
          }
        >
          {isAdmin ? t("company.invitations.limitReached") : null}
        </Alert>
      ) : null}
      <MembersSection
        companyName={company.companyName}
        viewerId={viewerId}
        isAdmin={isAdmin}
        aside={membersAside}
      />
      <InvitationsSection isAdmin={isAdmin} />
      <TeamsSection companyName={company.companyName} isAdmin={isAdmin} />
      <CompanySettingsSection settings={company} isAdmin={isAdmin} />
      <InvitationDomainsSection
        // Remounted when the saved list changes, so the form shows what the server keeps.
        key={company.extraInvitationDomains.join(",")}
        settings={company}
        isAdmin={isAdmin}
      />
      {isAdmin ? (
        <DangerZoneSection companyName={company.companyName} canDelete={company.canDeleteCompany} />
      ) : null}
      {isAdmin ? (
        <InviteDialog
          open={inviting}
          onOpenChange={setInviting}
          companyName={company.companyName}
          invitationDomains={company.invitationDomains}
        />
      ) : null}
    </div>
  );
}
