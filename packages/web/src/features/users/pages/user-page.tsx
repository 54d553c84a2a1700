// A user's details (user/{id}), for the user themself and for an administrator:
// first and last name required; username, e-mail, sign-up and approval dates read-only;
// contact fields; for administrators the validation dates, the admin and enabled flags, the validation label,
// the roles panel and the change e-mail / change password / partial deletion / back-to-users buttons.
// Panels below: SSH keys, employers, intended usages, roles, groups and managed groups.
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { userMessages } from '@testbed/contract';
import type { ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/api-client';
import { MessagePage } from '../../../shared/components/message-page';
import { paths } from '../../../shared/paths';
import { may, mayOpenAccount, useSession } from '../../../shared/session';
import { useUser } from '../api/users-api';
import { CalendarFeedPanel } from '../components/calendar-feed-panel';
import { RemindersPanel } from '../components/reminders-panel';
import { SignInHistoryPanel } from '../components/sign-in-history-panel';
import { ApiTokensPanel } from '../components/api-tokens-panel';
import { UserDetailsForm } from '../components/user-details-form';
import { UserEmployersPanel } from '../components/user-employers-panel';
import { CredentialsPanel } from '../components/credentials-panel';
import { GroupsPanel } from '../components/groups-panel';
import { IntendedUsagesPanel } from '../components/intended-usages-panel';

function Section({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      {children}
    </Paper>
  );
}

export function UserPage() {
  const { id } = useParams();
  const userId = Number(id);
  const validId = Number.isInteger(userId) && userId > 0;
  const me = useSession().user;
  const admin = may(me, 'user:admin-fields');
  const allowed = mayOpenAccount(me, userId, 'user:admin-fields');
  const user = useUser(userId, allowed);
  useDocumentTitle(`${userMessages.USER} | Testbed Portal`);

  if (!me) return null;
  if (!validId) return <MessagePage title={userMessages.USER_NOT_FOUND} />;
  if (!allowed) return <Navigate to={paths.accessDenied.href()} replace />;
  if (user.error) {
    return <MessagePage title={user.error instanceof ApiError && user.error.status === 404 ? userMessages.USER_NOT_FOUND : userMessages.LOAD_FAILED} />;
  }
  if (!user.data) return <Text>{userMessages.USER}…</Text>;
  const details = user.data;

  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {details.firstname} {details.lastname}
        </Title>
        {admin && (
          <Button variant="default" component={Link} to={paths.users.href()}>
            {userMessages.BACK_TO_USERS}
          </Button>
        )}
      </Group>
      {details.anonymised && (
        <Alert color="orange" variant="light" title={userMessages.ANONYMISED}>
          {admin && (
            <Button mt="xs" size="xs" variant="default" component={Link} to={paths.users.href()}>
              {userMessages.BACK_TO_USERS}
            </Button>
          )}
        </Alert>
      )}
      <Section>
        <UserDetailsForm details={details} admin={admin} />
      </Section>
      <Section>
        <CredentialsPanel userId={userId} />
      </Section>
      {!details.anonymised && (
        <Section>
          <ApiTokensPanel userId={userId} isOwner={me?.userId === userId} />
        </Section>
      )}
      {me?.userId === userId && !details.anonymised && (
        <>
          <Section>
            <RemindersPanel />
          </Section>
          <Section>
            <CalendarFeedPanel />
          </Section>
          <Section>
            <SignInHistoryPanel />
          </Section>
        </>
      )}
      <Section>
        <UserEmployersPanel userId={userId} rows={details.userEmployers} />
      </Section>
      <Section>
        <IntendedUsagesPanel userId={userId} rows={details.intendedUsages} />
      </Section>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Section>
          <GroupsPanel title={userMessages.GROUPS} rows={details.userGroups} />
        </Section>
        <Section>
          <GroupsPanel title={userMessages.MANAGED_GROUPS} rows={details.managedGroups} />
        </Section>
      </SimpleGrid>
    </Stack>
  );
}

export { UserPage as Component };
