import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { ShipIcon } from "../../components/ui/icons";
import { paths } from "../paths";

/**
 * The product's mark and name, linking to the console. Its own module: the sign-in, share and
 * unsubscribe pages show it without downloading the shell's sidebar and team switcher.
 */
export function Brand() {
  const { t } = useTranslation();
  return (
    <Link href={paths.console} className="flex items-center gap-2.5 rounded-md px-1 py-1">
      <span className="flex size-8 items-center justify-center rounded-lg bg-blue-700 text-white">
        <ShipIcon className="size-5" />
      </span>
      <span className="text-base font-semibold tracking-tight text-slate-900">{t("common.appName")}</span>
    </Link>
  );
}
