import {
  type HTMLAttributes,
  type ReactNode,
  type TdHTMLAttributes,
  type ThHTMLAttributes,
  useEffect,
  useRef,
  useState,
} from "react";

/** Whether the element is smaller than its content (it scrolls), kept current as either changes size. */
function useOverflows<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const measure = () =>
      setOverflows(
        element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1,
      );
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
  minWidth = "min-w-[36rem]",
}: {
  caption: string;
  children: ReactNode;
  /** On the scroll box: a height limit (`max-h-[50dvh]`) makes it scroll down too, as in a dialog. */
  className?: string;
  /** Below this width the table scrolls sideways; a few short columns in a dialog take `min-w-0`. */
  minWidth?: string;
}) {
  const [ref, overflows] = useOverflows<HTMLElement>();
  return (
    // Positioned, so the sr-only text of cells scrolled out of view is clipped with them instead of
    // widening the page (absolute children otherwise escape an unpositioned scroll box).
    // When it scrolls (wider than the screen, or taller than its height limit): focusable and
    // named, so a keyboard user can scroll it.
    <section
      ref={ref}
      aria-label={overflows ? caption : undefined}
      tabIndex={overflows ? 0 : undefined}
      className={`relative overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-blue-600 ${className}`}
    >
      <table className={`w-full ${minWidth} border-collapse text-left text-sm`}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </section>
  );
}

/** `sticky` keeps the header row in view while a height-limited table scrolls under it. */
export function THead({ children, sticky = false }: { children: ReactNode; sticky?: boolean }) {
  return (
    <thead
      className={`bg-slate-50 text-xs font-medium tracking-wide text-slate-500 uppercase ${sticky ? "sticky top-0 z-10" : ""}`}
    >
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

export function Tr({ className = "", ...props }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={`align-middle hover:bg-slate-50/60 ${className}`} {...props} />;
}

/** `wrap` lets a cell of sentences (an error message) wrap instead of widening its column. */
export function Td({
  className = "",
  wrap = false,
  ...props
}: TdHTMLAttributes<HTMLTableCellElement> & { wrap?: boolean }) {
  return (
    <td
      className={`px-4 py-3 ${wrap ? "min-w-[12rem] whitespace-normal" : "whitespace-nowrap"} text-slate-700 ${className}`}
      {...props}
    />
  );
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
