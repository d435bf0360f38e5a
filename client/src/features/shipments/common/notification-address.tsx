import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { paths } from "../../../app/paths";
import { Alert } from "../../../components/ui/alert";
import { trpc } from "../../../lib/trpc";

/**
 * Whether the viewer's notification e-mails have somewhere to go. Subscribing without an address
 * mails nobody, so the bell and the subscribe actions must not promise e-mail then. Unknown while
 * loading (and when the settings cannot be read): nothing is claimed either way.
 */
export function useNotificationAddress(): { missing: boolean } {
  const settings = trpc.notifications.settings.useQuery(undefined, { staleTime: 30_000, retry: 1 });
  const address = settings.data?.notificationEmail;
  return { missing: address !== undefined && address.trim() === "" };
}

/** Says that no e-mail can be sent, with the way to the page that fixes it. */
export function NoNotificationAddress({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Alert tone="warning" title={t("notifications.noAddress.title")} className={className}>
      {t("notifications.noAddress.body")}{" "}
      <Link href={paths.notificationSettings} className="font-medium underline underline-offset-2">
        {t("notifications.noAddress.link")}
      </Link>
    </Alert>
  );
}
