// The administrator creates a group type and a group, adds a member and sees them in the group, removes
// them, then opens the roles page and the two reference lists.
import { credentialMessages, groupMessages, messages, referenceListMessages, roleMessages } from '@testbed/contract';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, screenshot, signIn } from './support/browser';
import { apiSignIn, createUserViaApi, ed25519PublicKeyLine } from './support/seed';
import { ADMIN } from './support/server';
import { useJourney } from './support/journey';

const MEMBER = { firstname: 'Grace', lastname: 'Hopperton', username: 'grace_e2e', email: 'grace@example.org', password: 'Gr4ce!Passw0rd' };

/** Creates the member over HTTP as the administrator would on the new-user screen. */
async function createMember(baseUrl: string) {
  const admin = await apiSignIn(baseUrl, ADMIN.username, ADMIN.password);
  const userId = await createUserViaApi(admin, { ...MEMBER, isAdmin: false, isEnabled: true });
  return { userId, lastname: MEMBER.lastname, username: MEMBER.username };
}

describe('an administrator manages groups', () => {
  const journey = useJourney();
  let member: Awaited<ReturnType<typeof createMember>>;

  it('signs in', async () => {
    const { page, server } = journey;
    member = await createMember(server.url);
    await page.goto(`${server.url}/signin`);
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL(/\/home$/);
  });

  it('creates a group type', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/groupTypes`);
    await page.getByRole('heading', { level: 1, name: groupMessages.GROUP_TYPES }).waitFor();
    await page.getByText(groupMessages.NO_GROUP_TYPES).waitFor();
    await page.getByRole('link', { name: groupMessages.NEW_GROUP_TYPE }).click();
    await page.getByRole('heading', { level: 1, name: groupMessages.NEW_GROUP_TYPE }).waitFor();
    await page.getByRole('button', { name: groupMessages.CREATE_GROUP_TYPE }).click();
    await page.getByText('Label is required').waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('textbox', { name: groupMessages.LABEL }).fill('Research project');
    await page.getByRole('button', { name: groupMessages.CREATE_GROUP_TYPE }).click();
    await page.waitForURL(/\/groupType\/\d+$/);
    await page.getByRole('heading', { level: 1, name: `${groupMessages.GROUP_TYPE} Research project` }).waitFor();
    await page.getByText(groupMessages.NO_GROUP_OF_TYPE).waitFor();
    await screenshot(page, 'groups-group-type');
    await expectNoAxeViolations(page);
  });

  it('creates a group of that type', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/groups`);
    await page.getByRole('heading', { level: 1, name: groupMessages.GROUPS }).waitFor();
    await page.getByText(groupMessages.NO_GROUP).waitFor();
    await page.getByRole('link', { name: groupMessages.NEW_GROUP }).click();
    await page.getByRole('textbox', { name: groupMessages.GROUP_NAME }).fill('Radio lab');
    await page.getByRole('combobox', { name: groupMessages.GROUP_TYPE }).click();
    await page.getByRole('option', { name: 'Research project' }).click();
    await screenshot(page, 'groups-new-group');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: groupMessages.CREATE_GROUP }).click();
    await page.waitForURL(/\/group\/\d+$/);
    await page.getByRole('heading', { level: 1, name: `${groupMessages.GROUP} Radio lab` }).waitFor();
    expect(await page.getByRole('combobox', { name: groupMessages.GROUP_TYPE }).inputValue()).toBe('Research project');
  });

  it('adds a member and sees them in the group', async () => {
    const { page } = journey;
    const members = page.getByTestId('group-members');
    await members.getByText(groupMessages.NO_MEMBER).waitFor();
    const picker = members.getByRole('combobox', { name: groupMessages.ADD_MEMBER });
    await picker.fill(member.lastname);
    await page.getByRole('option', { name: new RegExp(`\\(${member.username}\\)$`) }).click();
    await members.getByRole('button', { name: `${groupMessages.ADD}: ${groupMessages.ADD_MEMBER}` }).click();
    const row = members.getByTestId('group-member-row');
    await row.waitFor();
    expect(await row.getByRole('cell').nth(2).textContent()).toBe(member.username);
    await page.getByRole('heading', { level: 2, name: `${groupMessages.MEMBERS} (1)` }).waitFor();
    await screenshot(page, 'groups-group-with-member');
    await expectNoAxeViolations(page);
  });

  it('lists the group with its type and member count', async () => {
    const { page } = journey;
    await page.getByRole('link', { name: groupMessages.BACK_TO_GROUPS }).click();
    const row = page.getByTestId('group-row').filter({ hasText: 'Radio lab' });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      'Radio lab',
      'Research project',
      '1',
      '0',
      expect.stringContaining(groupMessages.DETAILS),
    ]);
    await screenshot(page, 'groups-list');
    await expectNoAxeViolations(page);
    await row.getByRole('link', { name: 'Radio lab', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: `${groupMessages.GROUP} Radio lab` }).waitFor();
  });

  it('removes the member', async () => {
    const { page } = journey;
    const members = page.getByTestId('group-members');
    await members.getByRole('button', { name: new RegExp(`^${groupMessages.REMOVE} .*\\(${member.username}\\)`) }).click();
    await members.getByText(groupMessages.NO_MEMBER).waitFor();
    expect(await members.getByTestId('group-member-row').count()).toBe(0);
  });

  it('shows the roles with their numbers of users', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/roles`);
    await page.getByRole('heading', { level: 1, name: roleMessages.ROLES }).waitFor();
    const rows = page.getByTestId('role-row');
    await rows.first().waitFor();
    await page.getByRole('button', { name: messages.LISTS }).waitFor();
    const cells = await rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 2).map((td) => td.textContent)));
    expect(cells.map(([name]) => name)).toEqual(['ADMIN', 'USER']);
    expect(cells[0]![1]).toBe('1');
    expect(Number(cells[1]![1])).toBeGreaterThanOrEqual(1);
    await screenshot(page, 'groups-roles');
    await expectNoAxeViolations(page);

    await rows.first().getByRole('link', { name: 'ADMIN', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: `${roleMessages.ROLE} ADMIN` }).waitFor();
    expect(await page.getByRole('textbox', { name: roleMessages.ROLE_NAME }).isDisabled()).toBe(true);
    await page.getByTestId('role-users').getByText(ADMIN.username, { exact: true }).waitFor();
    await screenshot(page, 'groups-role-admin');
    await expectNoAxeViolations(page);
  });

  it('shows the employer types and professional statuses, read-only', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/employerTypes`);
    await page.getByRole('heading', { level: 1, name: messages.EMPLOYER_TYPES }).waitFor();
    await page.getByTestId('reference-row').filter({ hasText: 'Research institute' }).waitFor();
    await page.getByRole('button', { name: messages.LISTS }).waitFor();
    expect(await page.getByRole('button', { name: `${referenceListMessages.CREATE} (${messages.COMING_SOON})` }).isDisabled()).toBe(true);
    await screenshot(page, 'groups-employer-types');
    await expectNoAxeViolations(page);

    await page.goto(`${server.url}/professionalStatusList`);
    await page.getByRole('heading', { level: 1, name: messages.PROFESSIONAL_STATUS_LIST }).waitFor();
    await page.getByTestId('reference-row').filter({ hasText: 'PhD student' }).waitFor();
    expect(await page.getByTestId('reference-row').count()).toBe(12);
    await page.getByRole('button', { name: messages.LISTS }).waitFor();
    await screenshot(page, 'groups-professional-statuses');
    await expectNoAxeViolations(page);
  });

  it('adds an SSH key for the member from the credentials list', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/credentials`);
    await page.getByRole('heading', { level: 1, name: messages.CREDENTIALS }).waitFor();
    await page.getByRole('link', { name: credentialMessages.ADD_SSH_KEY }).click();
    await page.waitForURL(`${server.url}/credential`);
    await page.getByRole('heading', { level: 1, name: credentialMessages.ADD_SSH_KEY }).waitFor();
    await page.getByRole('button', { name: credentialMessages.SUBMIT_ADD }).click();
    await page.getByText(credentialMessages.USER_REQUIRED).waitFor();
    await page.getByRole('combobox', { name: credentialMessages.USER }).fill(member.lastname);
    await page.getByRole('option', { name: new RegExp(`\\(${member.username}\\)$`) }).click();
    const line = ed25519PublicKeyLine(`${member.username}@laptop`);
    await page.getByRole('textbox', { name: credentialMessages.SSH_KEY }).fill(line);
    await page.getByRole('button', { name: messages.LISTS }).waitFor();
    await screenshot(page, 'groups-new-credential');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: credentialMessages.SUBMIT_ADD }).click();
    await page.waitForURL(`${server.url}/credentials`);
    await page.getByTestId('credential-row').filter({ hasText: member.username }).waitFor();
  });
});
