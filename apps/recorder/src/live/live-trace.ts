import type { LiveListener } from './live-hub.ts';

/** The newest fragment a stream pushed: its wall-clock time, when it was pushed, and whether its bytes were borrowed. */
export interface NewestFragment {
  wallMs: number;
  at: number;
  borrowed: boolean;
}

/** What the stream knew when the viewer subscribed. */
export interface TraceContext {
  name: string;
  wasPrompt: boolean;
  lastDataAt: number | undefined;
  newest: NewestFragment | undefined;
}

/** VIGIL_LIVE_TRACE=1: logs a new subscriber's burst (the prebuffer) and what follows within 400 ms, on stderr. */
export function tracedListener(listener: LiveListener, at: TraceContext): LiveListener {
  const t0 = Date.now();
  const { wasPrompt, lastDataAt: lastData, newest } = at;
  const burst: string[] = [];
  let inBurst = true;
  let after = 0;
  let afterMs = 0;
  let firstAfterWall: number | undefined;
  let burstEnd = 0;
  const out = (s: string) => process.stderr.write(`[live-trace ${at.name} ${t0 % 100000}] ${s}\n`);
  queueMicrotask(() => {
    inBurst = false;
    out(
      `subscribe: wasPrompt=${wasPrompt} lastDataAgo=${lastData ? t0 - lastData : '-'}ms newest=${newest ? `wall ${newest.wallMs % 100000} pushed ${t0 - newest.at}ms ago borrowed=${newest.borrowed}` : '-'} burst ${burst.length}: ${burst.join(' ')}`,
    );
  });
  setTimeout(
    () =>
      out(
        `after burst within 400 ms: ${after} fragments, ${afterMs} ms of media, first wall ${firstAfterWall === undefined ? '-' : firstAfterWall % 100000} (burst end ${burstEnd % 100000})`,
      ),
    400,
  ).unref();
  return (chunk) => {
    if (chunk.type === 'fragment') {
      if (inBurst) {
        burst.push(`${chunk.wallMs % 100000}${chunk.keyframe ? 'K' : ''}`);
        burstEnd = chunk.wallMs + chunk.durationMs;
      } else if (Date.now() - t0 < 400) {
        after++;
        afterMs += chunk.durationMs;
        firstAfterWall ??= chunk.wallMs;
        if (after <= 30)
          out(
            `  +${Date.now() - t0}ms wall ${chunk.wallMs % 100000} ${chunk.data.length} B${chunk.keyframe ? ' K' : ''}`,
          );
      }
    }
    listener(chunk);
  };
}
