import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { TRIAL_DAYS_HIDDEN_AT } from "../../../../shared/constants";
import { buttonClasses } from "../../components/ui/button";
import { ClockIcon, GaugeIcon, MenuIcon, ZapIcon } from "../../components/ui/icons";
import { paths } from "../paths";
import { Brand } from "./brand";
import { NotificationsBell } from "./notifications-bell";
import { useShellState } from "./shell-context";
import { UserMenu } from "./user-menu";

function TrackingCount() {
  const { t } = useTranslation();
  const { trackingCount, trackingLimit } = useShellState();
  if (trackingCount === undefined) return null;
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700">
      <GaugeIcon className="size-3.5 text-slate-500" />
      {trackingLimit === undefined
        ? t("shell.topBar.trackingCount", { count: trackingCount })
        : t("shell.topBar.trackingCountOfLimit", { count: trackingCount, limit: trackingLimit })}
    </span>
  );
}

function TrialDaysLeft() {
  const { t } = useTranslation();
  const { trialDaysLeft } = useShellState();
  if (trialDaysLeft === undefined || trialDaysLeft >= TRIAL_DAYS_HIDDEN_AT) return null;
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap rounded-full bg-amber-50 px-2.5 py-1 text-xs font-medium text-amber-800 ring-1 ring-amber-200 ring-inset">
      <ClockIcon className="size-3.5" />
      {trialDaysLeft <= 0
        ? t("shell.topBar.trialEndsToday")
        : t("shell.topBar.trialDaysLeft", { count: trialDaysLeft })}
    </span>
  );
}

function UpgradeButton() {
  const { t } = useTranslation();
  const { plan } = useShellState();
  if (plan !== "FREE") return null;
  return (
    <Link
      href={paths.upgrade}
      aria-label={t("shell.topBar.upgrade")}
      className={buttonClasses("primary", "sm")}
    >
      <ZapIcon className="size-4" />
      <span className="hidden sm:inline">{t("shell.topBar.upgrade")}</span>
    </Link>
  );
}

export function TopBar({ onOpenNavigation }: { onOpenNavigation: () => void }) {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-30 flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-slate-200 bg-white/90 px-4 py-2.5 backdrop-blur sm:px-6 lg:h-14 lg:flex-nowrap lg:py-0">
      <button
        type="button"
        onClick={onOpenNavigation}
        aria-label={t("shell.mobileMenu.open")}
        className={buttonClasses("ghost", "icon", "-ml-2 lg:hidden")}
      >
        <MenuIcon className="size-5" />
      </button>
      <div className="hidden sm:block lg:hidden">
        <Brand />
      </div>
      <section
        aria-label={t("shell.topBar.label")}
        className="order-last flex min-w-0 basis-full flex-wrap items-center gap-2 empty:hidden lg:order-none lg:basis-auto lg:flex-1 lg:flex-nowrap"
      >
        <TrackingCount />
        <TrialDaysLeft />
      </section>
      <div className="ml-auto flex items-center gap-1 sm:gap-2">
        <UpgradeButton />
        <NotificationsBell />
        <UserMenu />
      </div>
    </header>
  );
}
