import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { type IconProps, PackageIcon, PlusCircleIcon, UsersIcon } from "../../components/ui/icons";
import { paths } from "../paths";
import { Brand } from "./brand";
import { showsTeamManagement, useShellState } from "./shell-context";
import { TeamSwitcher } from "./team-switcher";

interface NavItem {
  href: string;
  labelKey: string;
  icon: ComponentType<IconProps>;
  isActive: (location: string) => boolean;
}

const trimmed = (location: string) => location.replace(/\/+$/, "") || "/";

const SHIPMENTS: NavItem = {
  href: paths.console,
  labelKey: "shell.nav.shipments",
  icon: PackageIcon,
  // The list and every shipment's detail page belong to Shipments; creating one has its own item.
  isActive: (l) => l === paths.console || (l.startsWith(`${paths.shipments}/`) && l !== paths.newShipment),
};
const NEW_SHIPMENT: NavItem = {
  href: paths.newShipment,
  labelKey: "shell.nav.newShipment",
  icon: PlusCircleIcon,
  isActive: (l) => l === paths.newShipment,
};
const TEAM: NavItem = {
  href: paths.team,
  labelKey: "shell.nav.team",
  icon: UsersIcon,
  isActive: (l) => l === paths.team,
};

/** The sidebar's contents; the shell places it in a fixed column or in the mobile sheet. */
export function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const shell = useShellState();
  const { teamKind } = shell;
  // A churned company adds no shipments: the entry would only lead to a refusal.
  const mayAdd = !shell.standing?.isChurned;
  const items = showsTeamManagement(teamKind)
    ? [SHIPMENTS, ...(mayAdd ? [NEW_SHIPMENT] : []), TEAM]
    : [SHIPMENTS];
  const current = trimmed(location);

  return (
    <div className="flex h-full flex-col gap-5 px-3 py-4">
      <div className="px-1">
        <Brand />
      </div>
      <TeamSwitcher {...(onNavigate ? { onNavigate } : {})} />
      <nav aria-label={t("shell.nav.label")}>
        <ul className="flex flex-col gap-0.5">
          {items.map((item) => {
            const active = item.isActive(current);
            const Icon = item.icon;
            return (
              <li key={item.href}>
                <Link
                  href={item.href}
                  onClick={onNavigate}
                  aria-current={active ? "page" : undefined}
                  className={`flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors ${
                    active
                      ? "bg-blue-50 text-blue-800"
                      : "text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                  }`}
                >
                  <Icon className={`size-[18px] ${active ? "text-blue-700" : "text-slate-400"}`} />
                  {t(item.labelKey)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
