import {
  Archive,
  ArrowRight,
  ExternalLink,
  File,
  Info,
  Lock,
  Mail,
  Minus,
  Pencil,
  Plus,
  RotateCcw,
  Shield,
  Sparkles,
  Trash2,
  UserPlus,
} from "lucide-react";
import { DecorativeIcon, type IconProps } from "./icons";

// Icons of actions and states, from lucide; decorative like those in icons.tsx.

export function InfoIcon(props: IconProps) {
  return <DecorativeIcon icon={Info} {...props} />;
}
export function PlusIcon(props: IconProps) {
  return <DecorativeIcon icon={Plus} {...props} />;
}
export function PencilIcon(props: IconProps) {
  return <DecorativeIcon icon={Pencil} {...props} />;
}
export function TrashIcon(props: IconProps) {
  return <DecorativeIcon icon={Trash2} {...props} />;
}
export function ArchiveIcon(props: IconProps) {
  return <DecorativeIcon icon={Archive} {...props} />;
}
export function RotateCcwIcon(props: IconProps) {
  return <DecorativeIcon icon={RotateCcw} {...props} />;
}
export function MailIcon(props: IconProps) {
  return <DecorativeIcon icon={Mail} {...props} />;
}
export function UserPlusIcon(props: IconProps) {
  return <DecorativeIcon icon={UserPlus} {...props} />;
}
export function LockIcon(props: IconProps) {
  return <DecorativeIcon icon={Lock} {...props} />;
}
export function SparklesIcon(props: IconProps) {
  return <DecorativeIcon icon={Sparkles} {...props} />;
}
export function ShieldIcon(props: IconProps) {
  return <DecorativeIcon icon={Shield} {...props} />;
}
export function ArrowRightIcon(props: IconProps) {
  return <DecorativeIcon icon={ArrowRight} {...props} />;
}
export function MinusIcon(props: IconProps) {
  return <DecorativeIcon icon={Minus} {...props} />;
}
export function ExternalLinkIcon(props: IconProps) {
  return <DecorativeIcon icon={ExternalLink} {...props} />;
}
export function FileIcon(props: IconProps) {
  return <DecorativeIcon icon={File} {...props} />;
}
