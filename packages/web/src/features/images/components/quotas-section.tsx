// adminImages' quotas: set a user's or a group's image quota, in GiB, or back to the configured default
// (an empty size). Each call is audited by the server; its refusal shows under the form it came from.
// The form is the contract's imageQuotaFormSchema; the bytes it makes are judged by the request's schema.
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { imageQuotaFormSchema, imageQuotaSchema, messages, type ImageQuotaForm } from '@testbed/contract';
import { ErrorAlert } from '../../../shared/components/error-alert';
import { fill } from '../../../shared/fill';
import { fieldRefusal, generalFailure, judgeRequest, useContractForm } from '../../../shared/form';
import { notifySuccess } from '../../../shared/notify';
import { useSetQuota } from '../api/images-api';
import { formatBytes } from '../format';

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
  // An edit forgets the last call's refusal.
  const form = useContractForm(imageQuotaFormSchema, { id: '', size: '' }, { onValuesChange: () => setQuota.reset() });
  const param = of === 'user' ? 'userId' : 'groupId';

  const onSubmit = ({ id, size }: ImageQuotaForm) => {
    const judged = judgeRequest(imageQuotaSchema, { quotaBytes: size });
    if ('errors' in judged) return form.setFieldError('size', Object.values(judged.errors)[0]);
    setQuota.mutate(
      { of, id, quotaBytes: judged.body.quotaBytes },
      {
        onSuccess: (reply) => {
          notifySuccess(fill(reply.isDefault ? messages.IMAGE_QUOTA_SAVED_DEFAULT : messages.IMAGE_QUOTA_SAVED, { quota: formatBytes(reply.quotaBytes) }));
          form.clearErrors();
        },
      },
    );
  };
  const failure = generalFailure(setQuota.error);

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate aria-label={title}>
      <Stack gap="xs" w={280}>
        <Text fw={600} size="sm">
          {title}
        </Text>
        {/* The server's refusals name the request's fields: the path's id and the body's bytes. */}
        <TextInput label={idLabel} inputMode="numeric" required {...form.getInputProps('id')} error={form.errors.id ?? fieldRefusal(setQuota.error, param)} />
        <TextInput
          label={messages.IMAGE_QUOTA_GIB}
          inputMode="decimal"
          {...form.getInputProps('size')}
          error={form.errors.size ?? fieldRefusal(setQuota.error, 'quotaBytes')}
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
