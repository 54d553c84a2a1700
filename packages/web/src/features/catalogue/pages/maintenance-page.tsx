// maintenance (administrators): block devices, or a whole device type, for a window with a reason. The
// preview lists the reservations already inside it; confirming creates it and mails their holders. Current
// and coming maintenance below, each can be cancelled.
import { Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { maintenanceDraftSchema, messages, type MaintenanceDraft, type MaintenanceForm, type MaintenancePreview } from '@testbed/contract';
import { useState } from 'react';
import { fill } from '../../../shared/fill';
import { useContractForm } from '../../../shared/form';
import { notifySuccess } from '../../../shared/notify';
import { catalogueOptions, useCreateMaintenance, usePreviewMaintenance } from '../api/devices-api';
import { EMPTY_MAINTENANCE, MaintenanceFormFields, maintenanceBody } from '../components/maintenance-form';
import { MaintenanceList } from '../components/maintenance-list';
import { MaintenancePreviewPanel } from '../components/maintenance-preview';

export function MaintenancePage() {
  useDocumentTitle(`${messages.MAINTENANCE} | Testbed Portal`);
  const catalogue = useQuery(catalogueOptions({}));
  const preview = usePreviewMaintenance();
  const create = useCreateMaintenance();
  // The body last previewed with its preview; any change of the form asks for a new preview.
  const [checked, setChecked] = useState<{ form: MaintenanceForm; preview: MaintenancePreview } | null>(null);
  const form = useContractForm(maintenanceDraftSchema, EMPTY_MAINTENANCE, { onValuesChange: () => setChecked(null) });

  const onPreview = (draft: MaintenanceDraft) => {
    const built = maintenanceBody(draft);
    if ('errors' in built) return form.setErrors(built.errors);
    preview.mutate(built.body, { onSuccess: (reply) => setChecked({ form: built.body, preview: reply }) });
  };

  const onConfirm = () => {
    if (!checked) return;
    create.mutate(checked.form, {
      onSuccess: (reply) => {
        notifySuccess(fill(messages.MAINTENANCE_CREATED, { count: reply.affected.length }));
        form.reset();
        setChecked(null);
      },
    });
  };

  return (
    <Stack gap="lg">
      <Title order={1}>{messages.MAINTENANCE}</Title>
      <MaintenanceFormFields
        form={form}
        devices={catalogue.data?.devices ?? []}
        onPreview={onPreview}
        previewing={preview.isPending}
        checked={checked !== null}
        failure={(preview.error ?? create.error)?.message}
      />
      {checked && <MaintenancePreviewPanel preview={checked.preview} onConfirm={onConfirm} confirming={create.isPending} />}
      <MaintenanceList />
    </Stack>
  );
}

export { MaintenancePage as Component };
