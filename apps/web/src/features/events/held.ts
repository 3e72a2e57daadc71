import type { EventItem } from '@vigil/contracts';

/**
 * How many events at the top of `list` (newest first) came after the list was last shown whole (`shown`: the ids
 * shown then): live events are held above the list until the person asks for them, so nothing they are looking at
 * moves under them (a layout shift of 0.108 in Lighthouse when one arrived, decision 0768). Older pages loaded
 * on scroll come at the end and are not held. Undefined `shown`: the list is being shown whole.
 */
export function heldBack(list: readonly EventItem[], shown: ReadonlySet<string> | undefined): number {
  if (!shown) return 0;
  let n = 0;
  while (n < list.length && !shown.has((list[n] as EventItem).id)) n += 1;
  return n;
}
