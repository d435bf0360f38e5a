import type { ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";
import { paths } from "../../app/paths";
import { CheckboxField } from "../../components/ui/field";
import { linkClasses } from "./auth-layout";

/** Trans puts the translated link text inside. */
function NewTabLink({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={linkClasses}>
      {children}
    </a>
  );
}

/** 'Accept terms' with links to /legal/terms/ and /legal/privacy/ (spec 01 §2), opened in a new tab. */
export function TermsCheckbox(props: {
  checked: boolean;
  onCheckedChange: (v: boolean) => void;
  error?: string;
}) {
  const { t, i18n } = useTranslation();
  // The server's pages cannot see the language kept in the browser, so it travels in the link.
  const lang = `?lang=${encodeURIComponent(i18n.language)}`;
  return (
    <CheckboxField
      name="acceptTos"
      checked={props.checked}
      onCheckedChange={props.onCheckedChange}
      error={props.error}
      label={
        <Trans
          t={t}
          i18nKey="auth.fields.acceptTerms"
          components={{
            terms: <NewTabLink href={`${paths.terms}${lang}`} />,
            privacy: <NewTabLink href={`${paths.privacy}${lang}`} />,
          }}
        />
      }
    />
  );
}
