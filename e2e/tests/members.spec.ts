import { freshAccount, insertCameras, invitationPath } from '../accounts-data.ts';
import { expect, signInAs, test } from '../fixtures.ts';
import { AcceptInvitePage } from '../pages/accept-invite-page.ts';
import { AccountPage } from '../pages/account-page.ts';
import { MemberForm, MembersPage } from '../pages/members-page.ts';
import { RegisterPage } from '../pages/register-page.ts';
import { SignInPage } from '../pages/sign-in-page.ts';

test('owner invites a view-only user, who signs in from the link and accepts; the owner changes the level and removes them', async ({
  page,
  browser,
}) => {
  const owner = await freshAccount(page.request, 'owner');
  const invitee = await freshAccount(page.request, 'invitee');
  insertCameras(owner.uid, ['Front door', 'Yard']);

  await signInAs(page, owner, '/manage-plan/additional-users');
  const members = new MembersPage(page);
  await expect(members.heading).toBeVisible();
  await expect(members.empty).toBeVisible();
  await members.inviteLink.click();
  await expect(page).toHaveURL(`/manage-plan/additional-users/new/${owner.uid}`);
  const form = new MemberForm(page);
  await form.fill({
    email: invitee.email,
    alias: 'Night guard',
    level: 'View only',
    cameras: ['Front door'],
  });
  await form.submit('Send the invitation');
  await expect(members.status).toContainText('Invitation sent');
  const card = members.card(invitee.email);
  await expect(card).toContainText('Night guard');
  await expect(card).toContainText('View only');
  await expect(card).toContainText('Front door');
  await expect(card).toContainText('Invited');

  // The invitee opens the e-mailed link signed out, signs in, comes back to it and accepts.
  await expect.poll(() => invitationPath(invitee.email)).toBeTruthy();
  const other = await browser.newContext();
  const inviteePage = await other.newPage();
  await inviteePage.goto(invitationPath(invitee.email)!);
  const accept = new AcceptInvitePage(inviteePage);
  await expect(accept.heading).toBeVisible();
  await accept.signInToAccept.click();
  await new SignInPage(inviteePage).signIn(invitee.email, invitee.password);
  await expect(inviteePage).toHaveURL(/\/acceptinvite\?token=/);
  await accept.accept.click();
  await expect(accept.status).toContainText('with the level View only');
  // The new organisation is in the session at once ("add organisation").
  await accept.toOrganisations.click();
  const inviteeAccount = new AccountPage(inviteePage);
  await expect(inviteeAccount.organisations.filter({ hasText: owner.email })).toContainText(
    'Additional user',
  );

  await page.reload();
  await expect(card).toContainText('Active');

  // The level changes.
  await members.edit(invitee.email);
  await expect(form.level).toHaveValue('viewonly');
  await form.fill({ level: 'Live only' });
  await form.submit('Save');
  await expect(members.status).toContainText('Changes saved');
  await expect(card).toContainText('Live only');

  // Removed: gone from the list, and from the invitee's organisations at their next start.
  await members.remove(invitee.email);
  await expect(members.status).toContainText(`${invitee.email} no longer has access`);
  await expect(card).toHaveCount(0);
  await expect(members.empty).toBeVisible();
  await inviteePage.reload();
  await expect(inviteeAccount.heading).toBeVisible();
  await expect(inviteeAccount.organisations.filter({ hasText: owner.email })).toHaveCount(0);
  await other.close();
});

test('registering from an invitation link joins the inviting account', async ({ page, browser }) => {
  const owner = await freshAccount(page.request, 'owner');
  const email = `newcomer-${Date.now()}@e2e.example`;
  await signInAs(page, owner, `/manage-plan/additional-users/new/${owner.uid}`);
  const form = new MemberForm(page);
  await form.fill({ email, level: 'Read only' });
  await form.submit('Send the invitation');
  const members = new MembersPage(page);
  await expect(members.card(email)).toContainText('Invited');

  await expect.poll(() => invitationPath(email)).toBeTruthy();
  const other = await browser.newContext();
  const newcomer = await other.newPage();
  await newcomer.goto(invitationPath(email)!);
  await new AcceptInvitePage(newcomer).register.click();
  const register = new RegisterPage(newcomer);
  await expect(register.email).toHaveValue(email);
  await expect(newcomer.getByText('You were invited')).toBeVisible();
  await register.register(email, 'a newcomer password');
  await expect(newcomer).toHaveURL(/\/cameras$/);
  await newcomer.goto('/account');
  await expect(new AccountPage(newcomer).organisations.filter({ hasText: owner.email })).toContainText(
    'Additional user',
  );
  await other.close();

  await page.reload();
  await expect(members.card(email)).toContainText('Active');
  await expect(members.card(email)).toContainText('Read only');
});

test('an invitation for another address says so to the signed-in user', async ({ page, accounts }) => {
  const owner = await freshAccount(page.request, 'owner');
  const invited = `someone-${Date.now()}@e2e.example`;
  await signInAs(page, owner, `/manage-plan/additional-users/new/${owner.uid}`);
  const form = new MemberForm(page);
  await form.fill({ email: invited, level: 'Live only' });
  await form.submit('Send the invitation');
  await expect(new MembersPage(page).card(invited)).toBeVisible();
  await expect.poll(() => invitationPath(invited)).toBeTruthy();
  await signInAs(page, accounts.u, invitationPath(invited)!);
  await expect(page.getByText(`This invitation is for ${invited}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out to use the invited address' })).toBeVisible();
});
