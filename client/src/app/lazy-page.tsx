import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense } from "react";
import { LoadingState } from "../components/ui/state";
import { loadConsoleMessages } from "../lib/i18n";

/**
 * A page from its own chunk, loaded when its route first renders, so a page downloads only what it
 * shows. Pages keep their named exports; this picks one out of the module.
 */
// biome-ignore lint/suspicious/noExplicitAny: React's own lazy() bound; props are checked where the page is used.
export function lazyPage<K extends string, C extends ComponentType<any>>(
  load: () => Promise<Record<K, C>>,
  name: K,
): LazyExoticComponent<C> {
  return lazy(async () => ({ default: (await load())[name] }));
}

/** A page module together with the console's messages (beyond the sign-in screens' own). */
export function withConsoleMessages<M>(load: () => Promise<M>): () => Promise<M> {
  return async () => (await Promise.all([load(), loadConsoleMessages()]))[0];
}

/** What shows while a page's chunk arrives (the shell, when there is one, stays in place). */
export function PageSuspense({ children, fullPage = false }: { children: ReactNode; fullPage?: boolean }) {
  return <Suspense fallback={<LoadingState className={fullPage ? "min-h-dvh" : ""} />}>{children}</Suspense>;
}
