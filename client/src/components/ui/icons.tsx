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
 * otherwise, and a slightly lighter stroke than lucide's default. The glyph is looked up when
 * rendering, never while modules load, so chunks that import each other cannot see it unset.
 */
export function DecorativeIcon({
  icon: Glyph,
  className = "size-4",
  ...props
}: IconProps & { icon: LucideIcon }) {
  return <Glyph aria-hidden="true" focusable="false" strokeWidth={1.75} className={className} {...props} />;
}

export function ShipIcon(props: IconProps) {
  return <DecorativeIcon icon={Ship} {...props} />;
}
export function PackageIcon(props: IconProps) {
  return <DecorativeIcon icon={Package} {...props} />;
}
export function PlusCircleIcon(props: IconProps) {
  return <DecorativeIcon icon={CirclePlus} {...props} />;
}
export function UsersIcon(props: IconProps) {
  return <DecorativeIcon icon={Users} {...props} />;
}
export function BellIcon(props: IconProps) {
  return <DecorativeIcon icon={Bell} {...props} />;
}
export function ChevronDownIcon(props: IconProps) {
  return <DecorativeIcon icon={ChevronDown} {...props} />;
}
export function ChevronsUpDownIcon(props: IconProps) {
  return <DecorativeIcon icon={ChevronsUpDown} {...props} />;
}
export function MenuIcon(props: IconProps) {
  return <DecorativeIcon icon={Menu} {...props} />;
}
export function XIcon(props: IconProps) {
  return <DecorativeIcon icon={X} {...props} />;
}
export function CheckIcon(props: IconProps) {
  return <DecorativeIcon icon={Check} {...props} />;
}
export function UserIcon(props: IconProps) {
  return <DecorativeIcon icon={User} {...props} />;
}
export function BuildingIcon(props: IconProps) {
  return <DecorativeIcon icon={Building2} {...props} />;
}
export function CreditCardIcon(props: IconProps) {
  return <DecorativeIcon icon={CreditCard} {...props} />;
}
export function CodeIcon(props: IconProps) {
  return <DecorativeIcon icon={Code} {...props} />;
}
export function HelpIcon(props: IconProps) {
  return <DecorativeIcon icon={CircleHelp} {...props} />;
}
export function LogOutIcon(props: IconProps) {
  return <DecorativeIcon icon={LogOut} {...props} />;
}
export function GlobeIcon(props: IconProps) {
  return <DecorativeIcon icon={Globe} {...props} />;
}
export function ZapIcon(props: IconProps) {
  return <DecorativeIcon icon={Zap} {...props} />;
}
export function AlertTriangleIcon(props: IconProps) {
  return <DecorativeIcon icon={TriangleAlert} {...props} />;
}
export function CompassIcon(props: IconProps) {
  return <DecorativeIcon icon={Compass} {...props} />;
}
export function GaugeIcon(props: IconProps) {
  return <DecorativeIcon icon={Gauge} {...props} />;
}
export function ClockIcon(props: IconProps) {
  return <DecorativeIcon icon={Clock} {...props} />;
}
export function SettingsIcon(props: IconProps) {
  return <DecorativeIcon icon={Settings} {...props} />;
}
