import { Ellipsis, Map as MapGlyph, Star } from "lucide-react";
import { DecorativeIcon, type IconProps } from "../../../components/ui/icons";

function StarOutline(props: IconProps) {
  return <DecorativeIcon icon={Star} {...props} />;
}

/** The favorite star: filled when on. */
export function StarIcon({ filled, ...props }: IconProps & { filled?: boolean }) {
  return <StarOutline fill={filled ? "currentColor" : "none"} {...props} />;
}

export function MoreIcon(props: IconProps) {
  return <DecorativeIcon icon={Ellipsis} {...props} />;
}
export function MapIcon(props: IconProps) {
  return <DecorativeIcon icon={MapGlyph} {...props} />;
}
