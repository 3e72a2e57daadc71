import { randomBytes } from 'node:crypto';
import { apiLogin, expect, register, signInAs, test } from '../fixtures.ts';
import { seedCamera, seedEvent, seedEvents } from '../motion-fixtures.ts';
import { EventsPage } from '../pages/events-page.ts';

/**
 * A live event arriving on an open /events moves nothing (Lighthouse measured a layout shift of 0.108 when one
 * came during its trace): it waits above the list in a reserved row, "1 new event", until the person asks for it
 * (decision 0768). The shift is Chromium's own measure (the Layout Instability API), summed after the page settled.
 */
for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`a live event does not shift the events page (${viewport.width}×${viewport.height})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    // An account of its own: the worker's shared one would show this test's new event first in other files' lists.
    const tag = randomBytes(4).toString('hex');
    const me = { email: `events-shift-${tag}@e2e.example`, password: `events shift ${tag}` };
    await register(page.request, { ...me, subscriberType: 'enduser' });
    const login = await apiLogin(page.request, me);
    const cam = seedCamera(login.uid, `Shift camera ${viewport.width}`);
    seedEvents(cam, 6, Date.now() - 120_000, [], 10_000);
    await page.addInitScript(() => {
      const w = window as unknown as { __shift: number };
      w.__shift = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!e.hadRecentInput) w.__shift += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // The realtime stream: held open until the test sends its one alert, then the real one.
    let send: (body: string) => void = () => {};
    const alert = new Promise<string>((resolve) => {
      send = resolve;
    });
    let first = true;
    await page.route('**/cameras/realtime/live*', async (route) => {
      if (!first) return route.continue();
      first = false;
      const body = await alert;
      await route.fulfill({ status: 200, contentType: 'text/event-stream', body });
    });

    await signInAs(page, me, '/events');
    const events = new EventsPage(page);
    await expect(events.cards.first()).toBeVisible();
    // Settled: the cards' pictures have loaded (their boxes are sized before, but to be sure). The realtime request
    // stays open, so the network is never idle.
    await expect.poll(() => page.evaluate(() => [...document.images].every((i) => i.complete))).toBe(true);
    await page.evaluate(() => {
      (window as unknown as { __shift: number }).__shift = 0;
    });
    const before = await events.cards.first().getAttribute('data-event-id');

    const id = seedEvent(cam, { startMs: Date.now() - 1000, endMs: Date.now() });
    const uidd = cam;
    send(
      `data: ${JSON.stringify({ type: 'alert', data: { uidd, id, startTime: Date.now() - 1000, motionScore: 5 } })}\n\n`,
    );
    await expect(events.newEvents).toHaveText('1 new event');
    // Nothing moved: the first card is the one that was first, where it was.
    await expect(events.cards.first()).toHaveAttribute('data-event-id', before ?? '');
    expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.01);

    // Asked for, it comes in at the top (a shift the person caused, which does not count).
    await events.showNew();
    await expect(events.cards.first()).toHaveAttribute('data-event-id', id);
    await expect(events.newEvents).toHaveCount(0);
  });
}
