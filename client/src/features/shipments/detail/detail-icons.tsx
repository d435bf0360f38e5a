import { Ellipsis, Map as MapGlyph, Star } from "lucide-react";
import { decorative, type IconProps } from "../../../components/ui/icons";

const StarOutline = decorative(Star, "StarIcon");

/** The favorite star: filled when on. */
export function StarIcon({ filled, ...props }: IconProps & { filled?: boolean }) {
  return <StarOutline fill={filled ? "currentColor" : "none"} {...props} />;
}

export const MoreIcon = decorative(Ellipsis, "MoreIcon");
export const MapIcon = decorative(MapGlyph, "MapIcon");
