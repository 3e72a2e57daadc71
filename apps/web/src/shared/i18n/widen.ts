/** The shape of a texts object with every string widened, so a translation must have the same keys. */
export type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
