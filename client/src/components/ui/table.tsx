import {
  type ReactNode,
  type TdHTMLAttributes,
  type ThHTMLAttributes,
  useEffect,
  useRef,
  useState,
} from "react";

/** Whether the element is narrower than its content, kept current as either changes size. */
function useOverflowsX<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);
  return [ref, overflows] as const;
}

// A plain, readable data table: a caption for assistive tech, a header row, rows with hover, and
// horizontal scrolling on narrow screens instead of squeezed columns. Cells do not wrap, since
// Japanese text would otherwise break between any two characters of a squeezed column.

export function Table({
  caption,
  children,
  className = "",
}: {
  caption: string;
  children: ReactNode;
  className?: string;
}) {
  const [ref, overflows] = useOverflowsX<HTMLElement>();
  return (
    // Positioned, so the sr-only text of cells scrolled out of view is clipped with them instead of
    // widening the page (absolute children otherwise escape an unpositioned scroll box).
    // When wider than the screen: focusable and named, so a keyboard user can scroll it.
    <section
      ref={ref}
      aria-label={overflows ? caption : undefined}
      tabIndex={overflows ? 0 : undefined}
      className={`relative overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-blue-600 ${className}`}
    >
      <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </section>
  );
}

export function THead({ children }: { children: ReactNode }) {
  return (
    <thead className="bg-slate-50 text-xs font-medium tracking-wide text-slate-500 uppercase">
      <tr>{children}</tr>
    </thead>
  );
}

export function Th({ className = "", ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" className={`px-4 py-2.5 font-medium whitespace-nowrap ${className}`} {...props} />;
}

export function TBody({ children }: { children: ReactNode }) {
  return <tbody className="divide-y divide-slate-100 bg-white">{children}</tbody>;
}

export function Tr({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <tr className={`align-middle hover:bg-slate-50/60 ${className}`}>{children}</tr>;
}

export function Td({ className = "", ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={`px-4 py-3 whitespace-nowrap text-slate-700 ${className}`} {...props} />;
}

/** A row spanning the table for "nothing here yet", loading and failure states. */
export function TableMessage({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-8 text-center text-sm text-slate-500">
        {children}
      </td>
    </tr>
  );
}
