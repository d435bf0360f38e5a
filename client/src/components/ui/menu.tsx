import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import type { ComponentProps } from "react";
import { CheckIcon } from "./icons";

// Styled Radix dropdown parts; behaviour (keyboard, focus, dismissal) stays Radix's own.

/**
 * Not modal: a modal menu hides the rest of the page with aria-hidden while its links and buttons
 * stay focusable behind it (axe: aria-hidden-focus). Focus still moves into the menu and returns.
 */
export function Menu(props: ComponentProps<typeof DropdownMenu.Root>) {
  return <DropdownMenu.Root modal={false} {...props} />;
}
export const MenuTrigger = DropdownMenu.Trigger;
export const MenuGroup = DropdownMenu.Group;
export const MenuRadioGroup = DropdownMenu.RadioGroup;

export function MenuContent({ className = "", ...props }: ComponentProps<typeof DropdownMenu.Content>) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        sideOffset={8}
        collisionPadding={8}
        className={`z-50 min-w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg shadow-slate-900/10 ${className}`}
        {...props}
      />
    </DropdownMenu.Portal>
  );
}

const itemClasses =
  "relative flex cursor-default select-none items-center gap-2.5 rounded-md px-2.5 py-2 text-sm text-slate-700 " +
  "outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900 data-[disabled]:opacity-50";

export function MenuItem({ className = "", ...props }: ComponentProps<typeof DropdownMenu.Item>) {
  return <DropdownMenu.Item className={`${itemClasses} ${className}`} {...props} />;
}

export function MenuRadioItem({
  className = "",
  children,
  ...props
}: ComponentProps<typeof DropdownMenu.RadioItem>) {
  return (
    <DropdownMenu.RadioItem className={`${itemClasses} pl-8 ${className}`} {...props}>
      <DropdownMenu.ItemIndicator className="absolute left-2.5 inline-flex">
        <CheckIcon className="size-4 text-blue-700" />
      </DropdownMenu.ItemIndicator>
      {children}
    </DropdownMenu.RadioItem>
  );
}

export function MenuLabel({ className = "", ...props }: ComponentProps<typeof DropdownMenu.Label>) {
  return (
    <DropdownMenu.Label
      className={`px-2.5 pt-2 pb-1 text-xs font-medium tracking-wide text-slate-500 uppercase ${className}`}
      {...props}
    />
  );
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className="-mx-1 my-1 h-px bg-slate-200" />;
}
