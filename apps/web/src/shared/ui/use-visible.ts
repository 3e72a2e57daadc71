import { type RefObject, useEffect, useState } from 'react';

/** Whether the element is on screen (IntersectionObserver); true where the browser has no observer. */
export function useVisible(ref: RefObject<Element | null>, rootMargin = '0px'): boolean {
  const observable = typeof IntersectionObserver !== 'undefined';
  const [visible, setVisible] = useState(!observable);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => setVisible(entries.some((e) => e.isIntersecting)), {
      rootMargin,
    });
    io.observe(el);
    return () => io.disconnect();
  }, [ref, rootMargin]);
  return visible;
}
