import {
  Bell,
  Building2,
  Check,
  ChevronDown,
  ChevronsUpDown,
  CircleHelp,
  CirclePlus,
  Clock,
  Code,
  Compass,
  CreditCard,
  Gauge,
  Globe,
  LogOut,
  type LucideIcon,
  type LucideProps,
  Menu,
  Package,
  Settings,
  Ship,
  TriangleAlert,
  User,
  Users,
  X,
  Zap,
} from "lucide-react";

export type IconProps = Omit<LucideProps, "ref">;

/**
 * A lucide icon as the console draws them: decorative (here and in icons-actions.tsx every icon
 * sits next to text or inside a control with its own accessible name), 16 px unless a class says
 * otherwise, and a slightly lighter stroke than lucide's default.
 */
export function decorative(Icon: LucideIcon, name: string) {
  function DecorativeIcon({ className = "size-4", ...props }: IconProps) {
    return <Icon aria-hidden="true" focusable="false" strokeWidth={1.75} className={className} {...props} />;
  }
  DecorativeIcon.displayName = name;
  return DecorativeIcon;
}

export const ShipIcon = decorative(Ship, "ShipIcon");
export const PackageIcon = decorative(Package, "PackageIcon");
export const PlusCircleIcon = decorative(CirclePlus, "PlusCircleIcon");
export const UsersIcon = decorative(Users, "UsersIcon");
export const BellIcon = decorative(Bell, "BellIcon");
export const ChevronDownIcon = decorative(ChevronDown, "ChevronDownIcon");
export const ChevronsUpDownIcon = decorative(ChevronsUpDown, "ChevronsUpDownIcon");
export const MenuIcon = decorative(Menu, "MenuIcon");
export const XIcon = decorative(X, "XIcon");
export const CheckIcon = decorative(Check, "CheckIcon");
export const UserIcon = decorative(User, "UserIcon");
export const BuildingIcon = decorative(Building2, "BuildingIcon");
export const CreditCardIcon = decorative(CreditCard, "CreditCardIcon");
export const CodeIcon = decorative(Code, "CodeIcon");
export const HelpIcon = decorative(CircleHelp, "HelpIcon");
export const LogOutIcon = decorative(LogOut, "LogOutIcon");
export const GlobeIcon = decorative(Globe, "GlobeIcon");
export const ZapIcon = decorative(Zap, "ZapIcon");
export const AlertTriangleIcon = decorative(TriangleAlert, "AlertTriangleIcon");
export const CompassIcon = decorative(Compass, "CompassIcon");
export const GaugeIcon = decorative(Gauge, "GaugeIcon");
export const ClockIcon = decorative(Clock, "ClockIcon");
export const SettingsIcon = decorative(Settings, "SettingsIcon");
