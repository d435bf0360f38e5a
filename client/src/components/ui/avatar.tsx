/** Initials on the member's colour: tells people apart in tables at a glance. Decorative. */
export function Avatar({ name, color }: { name: string; color?: string | null | undefined }) {
  const initials =
    name
      .trim()
      .split(/\s+/)
      .slice(0, 2)
      .map((part) => part.charAt(0).toUpperCase())
      .join("") || "?";
  return (
    <span
      aria-hidden="true"
      className="flex size-8 shrink-0 items-center justify-center rounded-full text-xs font-semibold text-white"
      style={{ backgroundColor: color ?? "#64748b" }}
    >
      {initials}
    </span>
  );
}
