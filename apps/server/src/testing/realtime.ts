/** Test support: the realtime stream (GET /cameras/realtime/live) read as a browser's EventSource reads it. */

export interface SseEvent {
  type: string;
  data: { id: string; uidd: string; startTime?: number; logger?: string };
  /** When this process read it (epoch ms). */
  at: number;
}

/** GET /cameras/realtime/live as a browser's EventSource reads it: each event with the time it arrived. */
export async function openRealtime(base: string, query: string, token: string) {
  const stop = new AbortController();
  const res = await fetch(`${base}/cameras/realtime/live?${query}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: stop.signal,
  });
  const events: SseEvent[] = [];
  let connected = false;
  void (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of res.body) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (block.split('\n').includes(': connected')) connected = true;
        const data = block.split('\n').find((l) => l.startsWith('data: '));
        if (data) events.push({ ...JSON.parse(data.slice(6)), at: Date.now() });
      }
    }
  })().catch(() => {});
  return { status: res.status, events, connected: () => connected, close: () => stop.abort() };
}
