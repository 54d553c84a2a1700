// The group form (create and edit): a name and an optional group type, on the contract's schema
// (useContractForm); the server's refusals (name taken, unknown type) shown under their fields.
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { groupFormSchema, groupMessages, type GroupForm as GroupFormValues, type GroupType } from '@testbed/contract';
import type { ReactNode } from 'react';
import { ApiError } from '../../../shared/api-client';
import { ErrorAlert } from '../../../shared/components/error-alert';
import { useContractForm } from '../../../shared/form';

export interface GroupFormProps {
  initial?: { name: string; groupTypeId: number | null };
  groupTypes: GroupType[];
  submitLabel: string;
  pending: boolean;
  error: Error | null;
  onSubmit: (form: GroupFormValues) => void;
  extraActions?: ReactNode;
}

export function GroupForm({ initial, groupTypes, submitLabel, pending, error, onSubmit, extraActions }: GroupFormProps) {
  const form = useContractForm(groupFormSchema, { name: initial?.name ?? '', groupTypeId: initial?.groupTypeId ?? null });
  const fields = error instanceof ApiError ? error.fieldErrors : {};
  const serverName = fields.name?.[0];
  const serverType = fields.groupType?.[0];
  const serverError = error && !serverName && !serverType ? error.message : null;

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack gap="md">
        <TextInput
          label={groupMessages.GROUP_NAME}
          name="name"
          required
          autoComplete="off"
          {...form.getInputProps('name')}
          error={form.errors.name ?? serverName}
        />
        <Select
          label={groupMessages.GROUP_TYPE}
          placeholder={groupMessages.NO_GROUP_TYPE}
          data={groupTypes.map((type) => ({ value: String(type.groupTypeId), label: type.label }))}
          value={form.getValues().groupTypeId ? String(form.getValues().groupTypeId) : null}
          onChange={(value) => form.setFieldValue('groupTypeId', value ? Number(value) : null)}
          clearable
          clearButtonProps={{ 'aria-label': `${groupMessages.NO_GROUP_TYPE}` }}
          searchable
          error={serverType}
        />
        {serverError && <ErrorAlert>{serverError}</ErrorAlert>}
        <Group justify="flex-end">
          {extraActions}
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
