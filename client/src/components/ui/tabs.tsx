import * as TabsPrimitive from "@radix-ui/react-tabs";
import type { KeyboardEvent, ReactNode } from "react";

const STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * Arrow keys, Home and End move the focus at once. Radix moves it a task later, so a second key
 * pressed quickly would still act on the tab the first key left (and wrap the wrong way); the
 * focus moving selects the tab through Radix's automatic activation as before.
 */
function moveFocus(event: KeyboardEvent<HTMLButtonElement>) {
  const step = STEPS[event.key];
  const list = event.currentTarget.parentElement;
  if (!step || !list) return;
  const tabs = [...list.querySelectorAll<HTMLButtonElement>("[role='tab']:not([disabled])")];
  const next = tabs[step(tabs.indexOf(event.currentTarget), tabs.length)];
  if (!next) return;
  event.preventDefault();
  next.focus();
}

export interface TabItem<K extends string> {
  key: K;
  label: string;
  /** Extra content after the label (an unread dot), with its own accessible text. */
  marker?: ReactNode;
}

/**
 * WAI-ARIA tabs with automatic activation, on Radix Tabs: one tab stop for the list (only the
 * selected tab is in the tab order, so a keyboard user reaches the panel with one Tab), arrow keys,
 * Home and End move between tabs and select them, and the panel is labelled by its tab. The list
 * scrolls sideways on narrow screens, so the focus outline is drawn inside each tab where the
 * scroll would clip it.
 */
export function Tabs<K extends string>({
  label,
  items,
  selected,
  onSelect,
  children,
}: {
  label: string;
  items: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  /** The selected tab's panel. */
  children: ReactNode;
}) {
  return (
    <TabsPrimitive.Root
      value={selected}
      onValueChange={(value) => {
        const item = items.find((candidate) => candidate.key === value);
        if (item) onSelect(item.key);
      }}
      activationMode="automatic"
    >
      <TabsPrimitive.List aria-label={label} className="flex gap-1 overflow-x-auto border-b border-slate-200">
        {items.map((item) => (
          <TabsPrimitive.Trigger
            key={item.key}
            value={item.key}
            onKeyDown={moveFocus}
            className="-mb-px inline-flex items-center gap-1.5 border-b-2 border-transparent px-3 py-2.5 text-sm font-medium whitespace-nowrap text-slate-600 hover:border-slate-300 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-blue-600 data-[state=active]:border-blue-700 data-[state=active]:text-blue-800"
          >
            {item.label}
            {item.marker}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      {/* Only the selected panel is rendered; the page passes it as children. */}
      <TabsPrimitive.Content value={selected} tabIndex={-1} className="pt-6 outline-none">
        {children}
      </TabsPrimitive.Content>
    </TabsPrimitive.Root>
  );
}
