import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";

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
  return (
    // Positioned, so the sr-only text of cells scrolled out of view is clipped with them instead of
    // widening the page (absolute children otherwise escape an unpositioned scroll box).
    <div className={`relative overflow-x-auto rounded-lg border border-slate-200 ${className}`}>
      <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
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
