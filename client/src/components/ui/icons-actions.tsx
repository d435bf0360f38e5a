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
import { decorative } from "./icons";

// Icons of actions and states, from lucide; decorative like those in icons.tsx.

export const InfoIcon = decorative(Info, "InfoIcon");
export const PlusIcon = decorative(Plus, "PlusIcon");
export const PencilIcon = decorative(Pencil, "PencilIcon");
export const TrashIcon = decorative(Trash2, "TrashIcon");
export const ArchiveIcon = decorative(Archive, "ArchiveIcon");
export const RotateCcwIcon = decorative(RotateCcw, "RotateCcwIcon");
export const MailIcon = decorative(Mail, "MailIcon");
export const UserPlusIcon = decorative(UserPlus, "UserPlusIcon");
export const LockIcon = decorative(Lock, "LockIcon");
export const SparklesIcon = decorative(Sparkles, "SparklesIcon");
export const ShieldIcon = decorative(Shield, "ShieldIcon");
export const ArrowRightIcon = decorative(ArrowRight, "ArrowRightIcon");
export const MinusIcon = decorative(Minus, "MinusIcon");
export const ExternalLinkIcon = decorative(ExternalLink, "ExternalLinkIcon");
export const FileIcon = decorative(File, "FileIcon");
