import type { Locator, Page } from "playwright-core";
import { en } from "../../shared/i18n/en";
import type { Messages } from "../../shared/i18n/types";

// Toasts are Radix Toast: each message is shown in the notifications list and, for its first
// second, also copied into a visually hidden live region that screen readers announce. A plain
// getByText would find both copies; these look only in the list the user sees.

/** The notifications list (the toast viewport), named in the page's language. */
export function toastList(page: Page, m: Messages = en): Locator {
  return page.getByRole("region", { name: m.common.toast.viewport.replace("{{hotkey}}", "F8"), exact: true });
}

/**
 * The shown toast that says `message` (`exact`: says exactly that). With `kind`, only one of that
 * kind: its kind is spoken ("Error:" / "Done:") before the message, and this checks those words.
 */
export function toast(
  page: Page,
  message: string,
  options: { kind?: "error" | "success"; exact?: boolean; m?: Messages } = {},
): Locator {
  const m = options.m ?? en;
  const item = toastList(page, m)
    .getByRole("listitem")
    .filter({ has: page.getByText(message, { exact: options.exact ?? false }) });
  return options.kind ? item.filter({ hasText: m.common.toast[options.kind] }) : item;
}
