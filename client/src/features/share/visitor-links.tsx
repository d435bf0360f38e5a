import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { paths } from "../../app/paths";
import { buttonClasses } from "../../components/ui/button";
import { currentTarget, rememberReturnTarget } from "../../lib/redirect-target";

/**
 * Log in and Sign up for an anonymous visitor of the share page (spec 02 §2). The page's address is
 * remembered for the return, both in this tab and in each link itself, so a link opened in another
 * tab still comes back here; sign-up keeps it through the e-mail verification.
 */
export function VisitorLinks({ size = "md" }: { size?: "sm" | "md" }) {
  const { t } = useTranslation();
  const here = currentTarget();
  const remember = () => rememberReturnTarget(here);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Link
        href={`${paths.signIn}?redirectTo=${encodeURIComponent(here)}`}
        onClick={remember}
        className={buttonClasses("primary", size)}
      >
        {t("share.visitor.login")}
      </Link>
      <Link
        href={`${paths.signUp}?redirectTo=${encodeURIComponent(here)}`}
        onClick={remember}
        className={buttonClasses("secondary", size)}
      >
        {t("share.visitor.signup")}
      </Link>
    </div>
  );
}
