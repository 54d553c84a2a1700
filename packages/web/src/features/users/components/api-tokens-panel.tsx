// The personal API tokens of a user's page. The owner creates a token (name, scope, lifetime), sees it once
// in a dialog with a copy button, lists and revokes their tokens; an administrator sees and revokes them.
import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  API_TOKEN_DAY_CHOICES,
  API_TOKEN_NAME_MAX,
  apiTokenMessages as m,
  createApiTokenSchema,
  type ApiTokenScope,
  type CreateApiToken,
} from '@testbed/contract';
import { useState } from 'react';
import { ApiError } from '../../../shared/api-client';
import { ShownOnceDialog } from '../../../shared/components/dialog';
import { useContractForm } from '../../../shared/form';
import { useApiTokens, useCreateApiToken } from '../api/api-tokens-api';
import { RevocableTokens } from './revocable-tokens';

function CreateForm({ userId, onCreated }: { userId: number; onCreated: (token: string) => void }) {
  const create = useCreateApiToken(userId);
  const form = useContractForm(createApiTokenSchema, { name: '', scope: 'read' as ApiTokenScope, expiresInDays: 90 });

  // The server's refusal of a field shows under that field (its fieldErrors are keyed by the body's names).
  const serverErrors = create.error instanceof ApiError ? create.error.fieldErrors : {};
  const errorOf = (field: 'name' | 'scope' | 'expiresInDays') => form.errors[field] ?? serverErrors[field]?.[0];
  const shownUnderAField = ['name', 'scope', 'expiresInDays'].some((field) => serverErrors[field]?.length);

  const onSubmit = (body: CreateApiToken) =>
    create.mutate(body, {
      onSuccess: (reply) => {
        form.setFieldValue('name', '');
        onCreated(reply.token);
      },
    });

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate aria-label={m.CREATE}>
      <Group align="flex-start" wrap="wrap">
        <TextInput
          label={m.NAME}
          description={m.NAME_HELP}
          maxLength={API_TOKEN_NAME_MAX}
          {...form.getInputProps('name')}
          error={errorOf('name')}
          required
          style={{ flex: '1 1 16rem' }}
        />
        <Select
          label={m.SCOPE}
          value={form.getValues().scope}
          onChange={(value) => value && form.setFieldValue('scope', value as ApiTokenScope)}
          data={[
            { value: 'read', label: m.SCOPE_READ },
            { value: 'read+book+flash', label: m.SCOPE_ALL },
          ]}
          allowDeselect={false}
          error={errorOf('scope')}
          style={{ flex: '1 1 18rem' }}
        />
        <Select
          label={m.LIFETIME}
          value={String(form.getValues().expiresInDays)}
          onChange={(value) => value && form.setFieldValue('expiresInDays', Number(value))}
          data={API_TOKEN_DAY_CHOICES.map((n) => ({ value: String(n), label: m.DAYS.replace('{{count}}', String(n)) }))}
          allowDeselect={false}
          error={errorOf('expiresInDays')}
          style={{ flex: '0 1 10rem' }}
        />
      </Group>
      {create.error && !shownUnderAField && (
        <Alert color="red" variant="light" mt="xs">
          {create.error.message}
        </Alert>
      )}
      <Button type="submit" mt="sm" loading={create.isPending}>
        {m.CREATE}
      </Button>
    </form>
  );
}

export function ApiTokensPanel({ userId, isOwner }: { userId: number; isOwner: boolean }) {
  const tokens = useApiTokens(userId);
  const [shown, setShown] = useState<string | null>(null);

  return (
    <Stack gap="sm">
      <Text fw={700} component="h2" size="lg">
        {m.TITLE}
      </Text>
      {isOwner && (
        <>
          <Text size="sm">{m.INTRO}</Text>
          <CreateForm userId={userId} onCreated={setShown} />
        </>
      )}
      <RevocableTokens tokens={tokens} emptyText={isOwner ? m.NONE : m.NONE_ADMIN} />
      <ShownOnceDialog value={shown} onClose={() => setShown(null)} title={m.CREATED_TITLE} text={m.CREATED_TEXT} testId="new-api-token" />
    </Stack>
  );
}
