import { Copy, Link } from "lucide-react";
import { DecorativeIcon, type IconProps } from "../../../components/ui/icons";

export function LinkIcon(props: IconProps) {
  return <DecorativeIcon icon={Link} {...props} />;
}
export function CopyIcon(props: IconProps) {
  return <DecorativeIcon icon={Copy} {...props} />;
}
