import type { en } from "./en";

type Widen<T> = T extends string ? string : { [K in keyof T]: Widen<T[K]> };

/** The shape every language must fill: the English resources with every leaf widened to string. */
export type Messages = Widen<typeof en>;
