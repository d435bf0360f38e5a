import { type ComponentProps, type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { LoadingState } from "../components/ui/state";
import { loadConsoleMessages } from "../lib/i18n";

/** A page whose code loads on demand; `preload` fetches it ahead of the first render. */
// biome-ignore lint/suspicious/noExplicitAny: as lazyPage's bound below.
export type LazyPage<C extends ComponentType<any>> = ComponentType<ComponentProps<C>> & {
  preload: () => Promise<void>;
};

/**
 * A page from its own chunk, loaded when its route first renders, so a page downloads only what it
 * shows. Pages keep their named exports; this picks one out of the module. Once the module is in
 * (after `preload`, or a first render), the page renders at once: main.tsx preloads the first page
 * so its first render does not paint the loading state for a frame or two and then the page.
 */
// biome-ignore lint/suspicious/noExplicitAny: React's own lazy() bound; props are checked where the page is used.
export function lazyPage<K extends string, C extends ComponentType<any>>(
  load: () => Promise<Record<K, C>>,
  name: K,
): LazyPage<C> {
  let loaded: C | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module[name];
    });
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded as C };
  });
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page, at module level (routes).
  function Page(props: ComponentProps<C>) {
    // `loaded` is set before Lazy's promise settles, so Lazy never shows a page that Page then swaps.
    const Loaded = loaded as ComponentType<ComponentProps<C>> | undefined;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Page, { preload });
}

/** A page module together with the console's messages (beyond the sign-in screens' own). */
export function withConsoleMessages<M>(load: () => Promise<M>): () => Promise<M> {
  return async () => (await Promise.all([load(), loadConsoleMessages()]))[0];
}

/** What shows while a page's chunk arrives (the shell, when there is one, stays in place). */
export function PageSuspense({ children, fullPage = false }: { children: ReactNode; fullPage?: boolean }) {
  return <Suspense fallback={<LoadingState className={fullPage ? "min-h-dvh" : ""} />}>{children}</Suspense>;
}
