import { Download, FileUp } from "lucide-react";
import { decorative } from "../../../components/ui/icons";

export const DownloadIcon = decorative(Download, "DownloadIcon");
export const FileUpIcon = decorative(FileUp, "FileUpIcon");
