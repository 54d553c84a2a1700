// adminImages' quotas: set a user's or a group's image quota, in GiB, or back to the configured default
// (an empty size). Each call is audited by the server; its refusal shows under the form it came from.
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { entityIdSchema, messages } from '@testbed/contract';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../../shared/components/error-alert';
import { fill } from '../../../shared/fill';
import { fieldRefusal, generalFailure } from '../../../shared/form';
import { notifySuccess } from '../../../shared/notify';
import { useSetQuota } from '../api/images-api';
import { formatBytes } from '../format';

const GIB = 1024 ** 3;
const MAX_GIB = 65_536;

/** Bytes of a size typed in GiB ('' is the default: null); undefined when the text is no such size. */
function bytesOf(text: string): number | null | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  if (!/^[0-9]+(\.[0-9]+)?$/.test(trimmed)) return undefined;
  const gib = Number(trimmed);
  return gib <= MAX_GIB ? Math.round(gib * GIB) : undefined;
}

export function QuotasSection() {
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        {messages.IMAGE_QUOTAS}
      </Title>
      <Group align="flex-start" gap="xl">
        <QuotaForm of="user" title={messages.IMAGE_QUOTA_USER} idLabel={messages.IMAGE_QUOTA_USER_ID} submit={messages.IMAGE_QUOTA_SET_USER} />
        <QuotaForm of="group" title={messages.IMAGE_QUOTA_GROUP} idLabel={messages.IMAGE_QUOTA_GROUP_ID} submit={messages.IMAGE_QUOTA_SET_GROUP} />
      </Group>
    </Stack>
  );
}

function QuotaForm({ of, title, idLabel, submit }: { of: 'user' | 'group'; title: string; idLabel: string; submit: string }) {
  const setQuota = useSetQuota();
  const [id, setId] = useState('');
  const [size, setSize] = useState('');
  const [checked, setChecked] = useState(false);
  const parsedId = entityIdSchema.safeParse(id.trim());
  const quotaBytes = bytesOf(size);
  const idError = checked && !parsedId.success ? parsedId.error.issues[0]?.message : undefined;
  const sizeError = checked && quotaBytes === undefined ? messages.IMAGE_QUOTA_INVALID : undefined;
  const param = of === 'user' ? 'userId' : 'groupId';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!parsedId.success || quotaBytes === undefined) return;
    setQuota.mutate(
      { of, id: parsedId.data, quotaBytes },
      {
        onSuccess: (reply) => {
          notifySuccess(fill(reply.isDefault ? messages.IMAGE_QUOTA_SAVED_DEFAULT : messages.IMAGE_QUOTA_SAVED, { quota: formatBytes(reply.quotaBytes) }));
          setChecked(false);
        },
      },
    );
  };
  const failure = generalFailure(setQuota.error);

  return (
    <form onSubmit={onSubmit} noValidate aria-label={title}>
      <Stack gap="xs" w={280}>
        <Text fw={600} size="sm">
          {title}
        </Text>
        <TextInput
          label={idLabel}
          inputMode="numeric"
          required
          value={id}
          onChange={(event) => {
            setId(event.currentTarget.value);
            setQuota.reset();
          }}
          error={idError ?? fieldRefusal(setQuota.error, param)}
        />
        <TextInput
          label={messages.IMAGE_QUOTA_GIB}
          inputMode="decimal"
          value={size}
          onChange={(event) => {
            setSize(event.currentTarget.value);
            setQuota.reset();
          }}
          error={sizeError ?? fieldRefusal(setQuota.error, 'quotaBytes')}
        />
        {failure && <ErrorAlert>{failure}</ErrorAlert>}
        <Group>
          <Button type="submit" size="sm" loading={setQuota.isPending}>
            {submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
