// The group form (create and edit): a name and an optional group type, checked with the contract's
// schema before sending; the server's refusals (name taken, unknown type) shown under their fields.
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { groupFormSchema, groupMessages, type GroupForm as GroupFormValues, type GroupType } from '@testbed/contract';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../../../shared/api-client';
import { ErrorAlert } from '../../../shared/components/error-alert';

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
  const [name, setName] = useState(initial?.name ?? '');
  const [groupTypeId, setGroupTypeId] = useState<number | null>(initial?.groupTypeId ?? null);
  const [nameError, setNameError] = useState<string | undefined>();
  const check = (value: string) => {
    const result = groupFormSchema.shape.name.safeParse(value);
    return result.success ? undefined : result.error.issues[0]?.message;
  };
  const fields = error instanceof ApiError ? error.fieldErrors : {};
  const serverName = fields.name?.[0];
  const serverType = fields.groupType?.[0];
  const serverError = error && !serverName && !serverType ? error.message : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = groupFormSchema.safeParse({ name, groupTypeId });
    setNameError(result.success ? undefined : check(name));
    if (result.success) onSubmit(result.data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={groupMessages.GROUP_NAME}
          name="name"
          required
          autoComplete="off"
          value={name}
          error={nameError ?? serverName}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setName(value);
            if (nameError) setNameError(check(value));
          }}
        />
        <Select
          label={groupMessages.GROUP_TYPE}
          placeholder={groupMessages.NO_GROUP_TYPE}
          data={groupTypes.map((type) => ({ value: String(type.groupTypeId), label: type.label }))}
          value={groupTypeId ? String(groupTypeId) : null}
          onChange={(value) => setGroupTypeId(value ? Number(value) : null)}
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
