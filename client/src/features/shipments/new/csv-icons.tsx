import { Download, FileUp } from "lucide-react";
import { DecorativeIcon, type IconProps } from "../../../components/ui/icons";

export function DownloadIcon(props: IconProps) {
  return <DecorativeIcon icon={Download} {...props} />;
}
export function FileUpIcon(props: IconProps) {
  return <DecorativeIcon icon={FileUp} {...props} />;
}
