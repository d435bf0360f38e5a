import { useTranslation } from "react-i18next";
import { isLanguage } from "../../../../shared/i18n";
import { PageHeader } from "../../components/ui/page-header";
import { useDocumentTitle } from "../../lib/document-title";
import { useViewerQuery } from "../../lib/session";
import { DeleteAccountSection } from "./delete-section";
import { MfaSection } from "./mfa-section";
import { PasswordSection } from "./password-section";
import { ProfileSection } from "./profile-section";

/** /app/console/settings (spec 02 §2 Account settings). The console gate has loaded the viewer. */
export function AccountSettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("account.title"));
  const viewer = useViewerQuery();
  const account = viewer.data?.account;
  if (!account) return null;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader title={t("account.title")} description={t("account.description")} />
      <ProfileSection
        // Remounted when the saved values change, so the form shows what the server keeps.
        key={`${account.nickname}:${account.language}`}
        email={account.email}
        nickname={account.nickname}
        language={isLanguage(account.language) ? account.language : "en"}
      />
      <MfaSection enabled={account.isMultiFactorEnabled} email={account.email} />
      <PasswordSection email={account.email} />
      <DeleteAccountSection />
    </div>
  );
}
