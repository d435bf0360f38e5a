import { Copy, Link } from "lucide-react";
import { decorative } from "../../../components/ui/icons";

export const LinkIcon = decorative(Link, "LinkIcon");
export const CopyIcon = decorative(Copy, "CopyIcon");
