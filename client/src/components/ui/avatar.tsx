/**
 * The sign-up palette (server/modules/auth/signup/signup.service.ts) passes 4.5:1 with white initials, but
 * colours stored before it (and any other stored colour) may not: those are darkened until they do.
 */
const WHITE_CONTRAST = 4.5;

function channels(hex: string): [number, number, number] | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  const value = Number.parseInt(match[1], 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function luminance([r, g, b]: [number, number, number]): number {
  const linear = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** `color`, darkened just enough for white text to reach WCAG AA contrast. */
export function avatarBackground(color: string | null | undefined): string {
  const rgb = color ? channels(color) : null;
  if (!rgb) return "#475569";
  let shade = rgb;
  for (let factor = 1; factor > 0; factor -= 0.05) {
    shade = rgb.map((c) => Math.round(c * factor)) as [number, number, number];
    if (1.05 / (luminance(shade) + 0.05) >= WHITE_CONTRAST) break;
  }
  return `#${shade.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}

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
      style={{ backgroundColor: avatarBackground(color) }}
    >
      {initials}
    </span>
  );
}
