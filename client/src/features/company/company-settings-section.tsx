import { useTranslation } from "react-i18next";
import { PremiumBadge } from "../../components/shared/premium";
import { SettingsSection } from "../../components/ui/section";
import { SwitchField } from "../../components/ui/switch";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { useAction } from "../../lib/use-action";

type Settings = RouterOutputs["companies"]["settings"];

/**
 * Detailed company settings (spec 02 §2, §6): duplicate tracking numbers, and the headquarters view,
 * which only PREMIUM and ENTERPRISE may switch on ('Premium Only' opens the upgrade dialog).
 */
export function CompanySettingsSection({ settings, isAdmin }: { settings: Settings; isAdmin: boolean }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const run = useAction();
  const update = trpc.companies.updateSettings.useMutation();
  const premiumLocked = !settings.canEnableHeadquarters && !settings.isHeadquarterEnabled;

  const save = async (input: { allowTrackingNumDuplication?: boolean; isHeadquarterEnabled?: boolean }) => {
    const done = await run(
      () => update.mutateAsync(input),
      () => t("company.settings.saved"),
    );
    if (!done) return;
    // The headquarters entry of the team switcher follows the setting.
    await Promise.all([
      utils.companies.settings.invalidate(),
      utils.teams.switcher.invalidate(),
      utils.account.viewer.invalidate(),
    ]);
  };

  return (
    <SettingsSection
      id="company-settings"
      title={t("company.settings.title")}
      description={isAdmin ? undefined : t("company.settings.adminOnly")}
    >
      <div className="divide-y divide-slate-100">
        <SwitchField
          label={t("company.settings.duplicates")}
          description={t("company.settings.duplicatesHint")}
          checked={settings.allowTrackingNumDuplication}
          onCheckedChange={(on) => void save({ allowTrackingNumDuplication: on })}
          disabled={!isAdmin}
          pending={update.isPending}
        />
        <SwitchField
          label={t("company.settings.headquarters")}
          description={t("company.settings.headquartersHint")}
          checked={settings.isHeadquarterEnabled}
          onCheckedChange={(on) => void save({ isHeadquarterEnabled: on })}
          disabled={!isAdmin || premiumLocked}
          disabledReason={premiumLocked ? t("company.settings.headquartersUpgrade") : undefined}
          pending={update.isPending}
          badge={
            settings.canEnableHeadquarters ? null : (
              <PremiumBadge canUpgrade={isAdmin} feature={t("company.settings.headquartersFeature")} />
            )
          }
        />
      </div>
    </SettingsSection>
  );
}
