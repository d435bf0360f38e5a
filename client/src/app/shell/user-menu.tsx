import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { LANGUAGES, type Role } from "../../../../shared/enums";
import { isLanguage } from "../../../../shared/i18n";
import { type Action, can } from "../../../../shared/permissions";
import { buttonClasses } from "../../components/ui/button";
import {
  BellIcon,
  BuildingIcon,
  ChevronDownIcon,
  CodeIcon,
  CreditCardIcon,
  GlobeIcon,
  HelpIcon,
  type IconProps,
  LogOutIcon,
  SettingsIcon,
  UserIcon,
} from "../../components/ui/icons";
import {
  Menu,
  MenuContent,
  MenuGroup,
  MenuItem,
  MenuLabel,
  MenuRadioGroup,
  MenuRadioItem,
  MenuSeparator,
  MenuTrigger,
} from "../../components/ui/menu";
import { changeLanguage, currentLanguage } from "../../lib/i18n";
import { useSignOut } from "../../lib/use-sign-out";
import { helpHref, paths } from "../paths";
import { useShellState } from "./shell-context";

interface MenuLink {
  href: string;
  labelKey: string;
  icon: ComponentType<IconProps>;
  /** Shown only to roles allowed this action (spec 01 §6); links without one are for everybody. */
  action?: Action;
}

const LINKS: MenuLink[] = [
  {
    href: paths.companySettings,
    labelKey: "shell.userMenu.companyAndMembers",
    icon: BuildingIcon,
    action: "companyPage.view",
  },
  { href: paths.accountSettings, labelKey: "shell.userMenu.accountSettings", icon: SettingsIcon },
  { href: paths.notificationSettings, labelKey: "shell.userMenu.notificationSettings", icon: BellIcon },
  {
    href: paths.plans,
    labelKey: "shell.userMenu.planAndPayment",
    icon: CreditCardIcon,
    action: "company.billing",
  },
  { href: paths.api, labelKey: "shell.userMenu.apiSettings", icon: CodeIcon, action: "apiSettings.view" },
];

/** The entries a role sees; without a known role only the ones every member has. */
export function menuLinksFor(role: Role | null | undefined): MenuLink[] {
  return LINKS.filter((link) => !link.action || (role ? can(role, link.action) : false));
}

export function UserMenu() {
  const { t } = useTranslation();
  const logout = useSignOut();
  const language = currentLanguage();
  const { role, onLanguageChange } = useShellState();

  return (
    <Menu>
      <MenuTrigger
        aria-label={t("shell.userMenu.label")}
        className={buttonClasses("ghost", "sm", "gap-1.5 px-1.5")}
      >
        <span className="flex size-7 items-center justify-center rounded-full bg-slate-200 text-slate-600">
          <UserIcon className="size-4" />
        </span>
        <ChevronDownIcon className="size-4 text-slate-400" />
      </MenuTrigger>
      <MenuContent align="end">
        <MenuGroup>
          {menuLinksFor(role).map(({ href, labelKey, icon: Icon }) => (
            <MenuItem key={href} asChild>
              <Link href={href}>
                <Icon className="size-4 text-slate-400" />
                {t(labelKey)}
              </Link>
            </MenuItem>
          ))}
          <MenuItem asChild>
            <a href={helpHref(language)} target="_blank" rel="noopener noreferrer">
              <HelpIcon className="size-4 text-slate-400" />
              {t("shell.userMenu.help")}
            </a>
          </MenuItem>
        </MenuGroup>
        <MenuSeparator />
        <MenuLabel className="flex items-center gap-1.5">
          <GlobeIcon className="size-3.5" />
          {t("common.language.label")}
        </MenuLabel>
        <MenuRadioGroup
          value={language}
          onValueChange={(value) => {
            if (!isLanguage(value)) return;
            void changeLanguage(value);
            onLanguageChange?.(value);
          }}
        >
          {LANGUAGES.map((lang) => (
            <MenuRadioItem key={lang} value={lang} lang={lang}>
              {t(`common.language.${lang}`)}
            </MenuRadioItem>
          ))}
        </MenuRadioGroup>
        <MenuSeparator />
        <MenuItem onSelect={() => void logout()}>
          <LogOutIcon className="size-4 text-slate-400" />
          {t("shell.userMenu.logout")}
        </MenuItem>
      </MenuContent>
    </Menu>
  );
}
