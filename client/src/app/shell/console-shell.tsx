import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { buttonClasses } from "../../components/ui/button";
import { XIcon } from "../../components/ui/icons";
import { Sheet, SheetClose } from "../../components/ui/sheet";
import { useLiveUpdates } from "../../lib/live";
import { ErrorBoundary } from "../error-boundary";
import { RouteAnnouncer } from "./route-focus";
import { DEFAULT_SHELL_STATE, type ShellState, ShellStateProvider } from "./shell-context";
import { SidebarContent } from "./sidebar";
import { TopBar } from "./top-bar";

export interface ConsoleShellProps {
  state?: ShellState;
  children: ReactNode;
}

export function ConsoleShell({ state = DEFAULT_SHELL_STATE, children }: ConsoleShellProps) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const [navigationOpen, setNavigationOpen] = useState(false);
  // Schedule changes arrive while any console page is open (lib/live).
  useLiveUpdates();

  return (
    <ShellStateProvider value={state}>
      <a
        href="#console-content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:shadow"
      >
        {t("shell.skipToContent")}
      </a>
      <div className="min-h-dvh lg:grid lg:grid-cols-[14rem_1fr] 2xl:grid-cols-[15rem_1fr]">
        {/* The column carries the background and stretches with the page; the sidebar inside sticks. */}
        <div className="hidden border-r border-slate-200 bg-white lg:block">
          <aside className="sticky top-0 h-dvh overflow-y-auto">
            <SidebarContent />
          </aside>
        </div>
        <Sheet open={navigationOpen} onOpenChange={setNavigationOpen} title={t("shell.nav.label")}>
          <SheetClose
            aria-label={t("shell.mobileMenu.close")}
            className={buttonClasses("ghost", "icon", "absolute top-3 right-3")}
          >
            <XIcon className="size-5" />
          </SheetClose>
          <SidebarContent onNavigate={() => setNavigationOpen(false)} />
        </Sheet>
        <div className="flex min-w-0 flex-col">
          <TopBar onOpenNavigation={() => setNavigationOpen(true)} />
          <main
            id="console-content"
            tabIndex={-1}
            className="min-w-0 flex-1 px-4 py-6 outline-none sm:px-6 lg:py-8 2xl:px-8"
          >
            <ErrorBoundary resetKey={location}>{children}</ErrorBoundary>
          </main>
          <RouteAnnouncer containerId="console-content" />
        </div>
      </div>
    </ShellStateProvider>
  );
}
