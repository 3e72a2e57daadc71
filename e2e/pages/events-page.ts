import { type CDPSession, expect, type Locator, type Page } from '@playwright/test';

/** One painted frame of the preview's picture: the item shown, its horizontal offset and width in px. */
export interface SlideFrame {
  item: string;
  x: number;
  width: number;
  /** The frame's time in ms (requestAnimationFrame's clock). */
  t: number;
}

/** Page object for /events and its media preview modal. */
export class EventsPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly cards: Locator;
  readonly listEnd: Locator;
  readonly dialog: Locator;
  readonly position: Locator;
  readonly stage: Locator;
  readonly picture: Locator;
  readonly noImage: Locator;
  readonly next: Locator;
  readonly previous: Locator;
  readonly close: Locator;
  readonly zoomIn: Locator;
  readonly snapshot: Locator;
  /** The clip, while the preview plays one. */
  readonly video: Locator;
  /** The preview's recognition labels with their confidences. */
  readonly previewLabels: Locator;
  /** "N new events": live events wait above the list until asked for (decision 0768). */
  readonly newEvents: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { level: 1, name: 'Events' });
    this.cards = page.getByTestId('event-card');
    this.listEnd = page.getByTestId('list-end');
    this.dialog = page.getByRole('dialog');
    this.position = this.dialog.getByTestId('media-position');
    this.stage = this.dialog.getByTestId('media-stage');
    this.picture = this.stage.locator('img').first();
    this.noImage = this.stage.getByTestId('no-image');
    this.next = this.dialog.getByRole('button', { name: 'Next' });
    this.previous = this.dialog.getByRole('button', { name: 'Previous' });
    this.close = this.dialog.getByRole('button', { name: 'Close' });
    this.zoomIn = this.dialog.getByRole('button', { name: 'Zoom in' });
    this.snapshot = this.dialog.getByRole('button', { name: 'Snapshot' });
    this.video = this.stage.locator('video');
    this.previewLabels = this.dialog.getByRole('list', { name: 'Labels' }).getByRole('listitem');
    this.newEvents = page.getByTestId('new-events');
  }

  /** Shows the live events held above the list, once some have come (within `timeout` ms). */
  async showNew(timeout = 5000): Promise<void> {
    await this.newEvents.click({ timeout });
  }

  /** The card of one event. */
  card(id: string): Locator {
    return this.page.locator(`[data-testid="event-card"][data-event-id="${id}"]`);
  }

  /** A card's thumbnail picture. */
  thumbnail(card: Locator): Locator {
    return card.locator('img').first();
  }

  /** A card's duration, or "Ongoing" while motion goes on. */
  duration(card: Locator): Locator {
    return card.getByTestId('event-duration');
  }

  /** The label chips of a card (hidden from assistive technology, which reads one sentence instead). */
  chips(card: Locator): Locator {
    return card.getByTestId('label-chip');
  }

  async goto(): Promise<void> {
    await this.page.goto('/events');
    await this.heading.waitFor();
  }

  /** Opens the i-th event (newest first) in the preview. */
  async open(i: number): Promise<void> {
    await this.cards.nth(i).getByRole('button').click();
    await this.dialog.waitFor();
  }

  /** The element that has the keyboard focus is inside the dialog. */
  focusInside(): Promise<boolean> {
    return this.page.evaluate(() => {
      const d = document.querySelector('[role="dialog"]');
      return Boolean(d && document.activeElement && d.contains(document.activeElement));
    });
  }

  /** The duration of the slide animation running on the picture, or null when none runs. */
  slideDuration(): Promise<number | null> {
    return this.stage.evaluate((el) => {
      const a = el.getAnimations()[0];
      return a ? Number(a.effect?.getTiming().duration) : null;
    });
  }

  /**
   * Starts watching the preview's picture on every animation frame, as the browser paints it: which item it shows,
   * its horizontal offset (from the computed transform) and its width. Call before the move; the returned function
   * waits until the item `to` has been shown at rest, then gives the frames seen.
   */
  async watchSlide(): Promise<(to: string) => Promise<SlideFrame[]>> {
    await this.page.evaluate(() => {
      const frames: SlideFrame[] = [];
      const w = window as unknown as { slideFrames: SlideFrame[] };
      w.slideFrames = frames;
      const tick = (t: number) => {
        const el = document.querySelector<HTMLElement>('[role="dialog"] [data-testid="media-stage"]');
        if (el) {
          const m = new DOMMatrixReadOnly(getComputedStyle(el).transform);
          frames.push({ item: el.dataset.item ?? '', x: m.m41, width: el.getBoundingClientRect().width, t });
        }
        if (frames.length < 600) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    return async (to: string) => {
      const seen = () =>
        this.page.evaluate(() => (window as unknown as { slideFrames: SlideFrame[] }).slideFrames.slice());
      // At rest: the new item's latest frames no longer move.
      await expect
        .poll(async () => {
          const f = (await seen()).filter((x) => x.item === to).slice(-3);
          return f.length === 3 && f.every((x) => x.x === 0);
        })
        .toBe(true);
      return (await seen()).filter((x) => x.item === to);
    };
  }

  /**
   * A horizontal touch swipe of dx pixels across the picture, at a fraction of its height (the middle by default),
   * through Chromium's touch input (CDP).
   */
  async swipe(dx: number, atHeight = 0.5): Promise<void> {
    const box = await this.stage.boundingBox();
    if (!box) throw new Error('no picture to swipe');
    const y = box.y + box.height * atHeight;
    const x0 = box.x + box.width / 2 - dx / 2;
    const cdp: CDPSession = await this.page.context().newCDPSession(this.page);
    const point = (x: number) => [{ x, y, id: 1 }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(x0) });
    for (let k = 1; k <= 5; k++)
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: point(x0 + (dx * k) / 5),
      });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  }
}
