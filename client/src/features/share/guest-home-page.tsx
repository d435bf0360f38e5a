import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { SEARCH_DEBOUNCE_MS } from "../../../../shared/constants";
import { SearchBox } from "../../components/shared/search-box";
import { Alert } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { PackageIcon } from "../../components/ui/icons";
import { EmptyState, ErrorState, LoadingState } from "../../components/ui/state";
import { errorText } from "../../lib/auth-api";
import { useDocumentTitle } from "../../lib/document-title";
import { trpc } from "../../lib/trpc";
import { useDebounced } from "../../lib/use-debounced";
import { GuestShipmentsTable } from "./guest-shipments-table";

/**
 * The console home when the selected team is another company's team the user is a guest of
 * (spec 01 §2, spec 02 §2): the shipments it shares, searchable, each opening its share page.
 */
export function GuestHomePage({
  teamId,
  teamName,
  companyName,
}: {
  teamId: string;
  teamName: string | undefined;
  companyName: string | undefined;
}) {
  const { t } = useTranslation();
  useDocumentTitle(t("share.guestHome.title"));
  const [search, setSearch] = useState("");
  const fullTextQuery = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const query = trpc.share.guestShipments.useQuery(
    { teamId, ...(fullTextQuery ? { fullTextQuery } : {}) },
    { placeholderData: (previous) => previous },
  );
  const list = query.data;
  const company = companyName ?? "";

  let body: ReactNode;
  if (list && list.items.length > 0) {
    body = (
      <>
        <GuestShipmentsTable items={list.items} />
        {list.total > list.items.length ? (
          <p className="text-sm text-slate-600">
            {t("share.guestHome.truncated", { shown: list.items.length, total: list.total })}
          </p>
        ) : null}
      </>
    );
  } else if (list && fullTextQuery) {
    body = (
      <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed border-slate-300 bg-white py-14 text-center">
        <p className="text-sm text-slate-700">{t("share.guestHome.noMatch")}</p>
        <Button size="sm" onClick={() => setSearch("")}>
          {t("share.guestHome.clearSearch")}
        </Button>
      </div>
    );
  } else if (list) {
    body = (
      <EmptyState heading="h2" icon={<PackageIcon className="size-6" />} title={t("share.guestHome.empty")}>
        {t("share.guestHome.emptyBody", { companyName: company })}
      </EmptyState>
    );
  } else if (query.isError) {
    body = (
      <ErrorState
        message={errorText(query.error, t("share.guestHome.loadFailed"))}
        onRetry={() => void query.refetch()}
      />
    );
  } else {
    body = <LoadingState />;
  }

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-5">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
              {t("share.guestHome.title")}
            </h1>
            <Badge tone="info">{t("share.guestHome.guest")}</Badge>
          </div>
          <p className="mt-1 text-sm text-slate-600">
            {t("share.guestHome.subtitle", { companyName: company })}
            {teamName ? <span className="text-slate-500"> · {teamName}</span> : null}
          </p>
        </div>
        <SearchBox value={search} onChange={setSearch} />
      </header>
      <div aria-busy={query.isFetching} className="flex flex-col gap-3">
        {/* A search refused (too many at once) keeps the last answer on screen and says why. */}
        {query.isError && list ? (
          <Alert tone="warning" role="alert">
            {errorText(query.error, t("share.guestHome.loadFailed"))}
          </Alert>
        ) : null}
        {body}
      </div>
    </div>
  );
}
