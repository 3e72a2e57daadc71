import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { type Simulator, startSimulator } from '@vigil/simulator';
import { freshAccount, insertCameras, invitationPath } from '../accounts-data.ts';
import { E2E_PORT } from '../env.ts';
import { type Account, expect, signInAs, test } from '../fixtures.ts';
import { AcceptInvitePage } from '../pages/accept-invite-page.ts';
import { CameraScreen } from '../pages/camera-screen.ts';
import { CamerasPage } from '../pages/cameras-page.ts';
import { InstallPage } from '../pages/install-page.ts';
import { MemberForm, MembersPage } from '../pages/members-page.ts';
import { SignInPage } from '../pages/sign-in-page.ts';

/**
 * Invited users see the owner's cameras (issue 13, decision 0405): the owner installs a real simulated camera
 * ("Front door") and has a second one ("Back yard"); one person per permission level is invited on the members
 * screen, opens the e-mailed link, signs in and accepts, then sees exactly the cameras shared with them and
 * exactly the actions their level allows. The expected table is decision 0010's, written out here.
 */
interface Expected {
  label: string;
  /** Cameras invited to: every camera of the account, or only these. */
  invitedTo?: string[];
  cameras: string[];
  /** On Front door's page. */
  live: boolean;
  recordings: boolean;
  events: boolean;
  settings: boolean;
  uninstall: boolean;
  remove: boolean;
  /** On /playback: Front door's timeline, and the download and share buttons usable. */
  playback: boolean;
  download: boolean;
  share: boolean;
}

const EXPECTED: Record<string, Expected> = {
  coowner: {
    label: 'Co-owner',
    cameras: ['Back yard', 'Front door'],
    live: true,
    recordings: true,
    events: true,
    settings: true,
    uninstall: true,
    remove: true,
    playback: true,
    download: true,
    share: true,
  },
  admin: {
    label: 'Admin',
    cameras: ['Back yard', 'Front door'],
    live: true,
    recordings: true,
    events: true,
    settings: true,
    uninstall: true,
    remove: true,
    playback: true,
    download: true,
    share: true,
  },
  readonly: {
    label: 'Read only',
    cameras: ['Back yard', 'Front door'],
    live: true,
    recordings: true,
    events: true,
    settings: false,
    uninstall: false,
    remove: false,
    playback: true,
    download: true,
    share: true,
  },
  viewonly: {
    label: 'View only',
    cameras: ['Back yard', 'Front door'],
    live: true,
    recordings: true,
    events: true,
    settings: false,
    uninstall: false,
    remove: false,
    playback: true,
    download: true,
    share: true,
  },
  liveonly: {
    label: 'Live only',
    invitedTo: ['Front door'],
    cameras: ['Front door'],
    live: true,
    recordings: false,
    events: false,
    settings: false,
    uninstall: false,
    remove: false,
    playback: false,
    download: false,
    share: false,
  },
  none: {
    label: 'None',
    cameras: [],
    live: false,
    recordings: false,
    events: false,
    settings: false,
    uninstall: false,
    remove: false,
    playback: false,
    download: false,
    share: false,
  },
};

let sim: Simulator;
test.beforeAll(async () => {
  // Ports apart from the other suites' cameras (live, ptz, alerts, labels).
  sim = await startSimulator({ cameras: [{ fps: 10, gopSec: 2 }], portRange: [19720, 19739] });
});
test.afterAll(async () => {
  await sim?.stop();
});

/** The invitee opens the e-mailed link signed out, signs in from it and accepts; returns their page. */
async function acceptFromEmail(browser: Browser, who: Account, level: string): Promise<Page> {
  await expect.poll(() => invitationPath(who.email)).toBeTruthy();
  const path = invitationPath(who.email)!;
  const page = await (await browser.newContext()).newPage();
  await page.goto(path);
  const accept = new AcceptInvitePage(page);
  await accept.signInToAccept.click();
  await new SignInPage(page).signIn(who.email, who.password);
  await expect(page).toHaveURL(/\/acceptinvite\?token=/);
  await accept.accept.click();
  await expect(accept.status).toContainText(`with the level ${level}`);
  return page;
}

test('every permission level, invited by e-mail, sees exactly the shared cameras and the actions it allows', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const owner = await freshAccount(page.request, 'owner');
  await signInAs(page, owner, '/install');
  const install = new InstallPage(page);
  await install.add(sim.cameras[0]!.urls.main, 'Front door');
  await expect(install.added).toContainText('Front door was added', { timeout: 20_000 });
  const frontDoor = (await install.watch.getAttribute('href'))!;
  expect(frontDoor).toMatch(/^\/cameras\//);
  insertCameras(owner.uid, ['Back yard']);

  // One person per level, invited on the members screen.
  const people: Record<string, Account> = {};
  const members = new MembersPage(page);
  const form = new MemberForm(page);
  for (const [level, want] of Object.entries(EXPECTED)) {
    people[level] = await freshAccount(page.request, level);
    await page.goto(`/manage-plan/additional-users/new/${owner.uid}`);
    await form.fill({ email: people[level].email, level: want.label, cameras: want.invitedTo });
    await form.submit('Send the invitation');
    await expect(members.card(people[level].email)).toContainText('Invited');
  }

  for (const [level, want] of Object.entries(EXPECTED)) {
    const p = await acceptFromEmail(browser, people[level]!, want.label);
    const seen: Record<string, unknown> = { level };
    const expected: Record<string, unknown> = { level };

    await p.goto('/cameras');
    const cameras = new CamerasPage(p);
    await expect(p.getByRole('heading', { level: 1, name: 'Cameras' })).toBeVisible();
    if (want.cameras.length === 0) await expect(p.getByText('No cameras yet.')).toBeVisible();
    else await expect(cameras.tiles).toHaveCount(want.cameras.length);
    seen.cameras = await cameras.names();
    expected.cameras = want.cameras;

    // Front door's own page, reached from its tile.
    const screen = new CameraScreen(p, 'Front door');
    if (want.cameras.includes('Front door')) {
      await cameras.tile('Front door').getByRole('link', { name: 'Open Front door' }).click();
      await expect(screen.heading).toBeVisible();
    } else {
      await p.goto(frontDoor);
      await expect(screen.notFound).toBeVisible();
    }
    seen.live = (await screen.video.count()) > 0;
    seen.recordings = await screen.recordings.isVisible();
    seen.events = await screen.events.isVisible();
    seen.settings = await screen.settings('Front door').isVisible();
    seen.uninstall = await screen.uninstall.isVisible();
    seen.remove = await screen.remove.isVisible();
    Object.assign(expected, {
      live: want.live,
      recordings: want.recordings,
      events: want.events,
      settings: want.settings,
      uninstall: want.uninstall,
      remove: want.remove,
    });
    if (want.live) await cameras.expectPlaying(screen.video);

    await p.goto('/playback');
    await expect(p.getByRole('heading', { level: 1, name: 'Playback' })).toBeVisible({ timeout: 15_000 });
    const download = p.getByRole('button', { name: 'Download', exact: true });
    const share = p.getByRole('button', { name: 'Share', exact: true });
    if (want.playback) await expect(p.getByRole('slider', { name: 'Timeline of Front door' })).toBeVisible();
    else await expect(p.getByText('No cameras yet.')).toBeVisible();
    seen.playback = await p.getByRole('slider', { name: 'Timeline of Front door' }).isVisible();
    seen.download = await download.isEnabled();
    seen.share = await share.isEnabled();
    Object.assign(expected, { playback: want.playback, download: want.download, share: want.share });

    expect(seen).toEqual(expected);
    await p.context().close();
  }
});

test('an invited view-only user watches the owner’s camera live in the grid', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const owner = await freshAccount(page.request, 'owner');
  await signInAs(page, owner, '/install');
  const install = new InstallPage(page);
  await install.add(sim.cameras[0]!.urls.main, 'Front door');
  await expect(install.added).toContainText('Front door was added', { timeout: 20_000 });
  insertCameras(owner.uid, ['Back yard']);
  const viewer = await freshAccount(page.request, 'viewer');
  await page.goto(`/manage-plan/additional-users/new/${owner.uid}`);
  await new MemberForm(page).fill({ email: viewer.email, level: 'View only' });
  await new MemberForm(page).submit('Send the invitation');
  await expect(new MembersPage(page).card(viewer.email)).toContainText('Invited');

  const p = await acceptFromEmail(browser, viewer, 'View only');
  await p.goto('/cameras');
  const cameras = new CamerasPage(p);
  const tile = cameras.tile('Front door');
  await expect(cameras.badge(tile)).toHaveText('Online', { timeout: 20_000 });
  await expect(tile.getByTestId('shared-badge')).toHaveText('Shared · View only');
  await cameras.expectPlaying(cameras.video(tile));
  await expect(cameras.badge(cameras.tile('Back yard'))).toHaveText('Offline');
  const shots = process.env.SHOTS_DIR;
  if (shots) {
    mkdirSync(shots, { recursive: true });
    await p.screenshot({ path: join(shots, `shared-cameras-viewonly-${E2E_PORT}.png`), fullPage: true });
  }

  // On a phone: the camera's page plays it, offers what view only allows, and fits the screen.
  await p.setViewportSize({ width: 390, height: 844 });
  await tile.getByRole('link', { name: 'Open Front door' }).click();
  const screen = new CameraScreen(p, 'Front door');
  await expect(screen.heading).toBeVisible();
  await cameras.expectPlaying(screen.video);
  await expect(screen.recordings).toBeVisible();
  await expect(screen.remove).toHaveCount(0);
  expect(await p.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1)).toBe(false);
  if (shots) await p.screenshot({ path: join(shots, `shared-camera-viewonly-phone-${E2E_PORT}.png`) });
  await p.context().close();
});
