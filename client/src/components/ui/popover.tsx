import * as PopoverPrimitive from "@radix-ui/react-popover";
import type { ComponentProps } from "react";

export const Popover = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;

export function PopoverContent({
  className = "",
  ...props
}: ComponentProps<typeof PopoverPrimitive.Content>) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        sideOffset={8}
        collisionPadding={8}
        className={`z-50 rounded-lg border border-slate-200 bg-white shadow-lg shadow-slate-900/10 outline-none ${className}`}
        {...props}
      />
    </PopoverPrimitive.Portal>
  );
}
