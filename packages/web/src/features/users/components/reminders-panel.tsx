// A user's reservation reminders: a mail before the start and one before the end, each turned on or off
// with its lead time in minutes (the contract's reminderSettingsFormSchema).
import { Button, Group, NumberInput, Stack, Switch, Text } from '@mantine/core';
import {
  REMINDER_DEFAULT_MINUTES,
  REMINDER_MAX_MINUTES,
  messages,
  reminderSettingsFormSchema,
  type ReminderSettings,
  type ReminderSettingsForm,
} from '@testbed/contract';
import { ErrorAlert } from '../../../shared/components/error-alert';
import { fill } from '../../../shared/fill';
import { useContractForm, type ContractForm } from '../../../shared/form';
import { notifySuccess } from '../../../shared/notify';
import { useSession } from '../../../shared/session';
import { useReminderSettings, useSaveReminderSettings } from '../api/account-insight-api';
import { PanelTitle } from './panel-title';

type Form = ContractForm<ReminderSettingsForm, ReminderSettings>;

const formOf = (settings: ReminderSettings | undefined): ReminderSettingsForm => ({
  remindBeforeStart: settings?.beforeStartMinutes !== null,
  beforeStartMinutes: settings?.beforeStartMinutes ?? REMINDER_DEFAULT_MINUTES,
  remindBeforeEnd: settings?.beforeEndMinutes !== null,
  beforeEndMinutes: settings?.beforeEndMinutes ?? REMINDER_DEFAULT_MINUTES,
});

function LeadField({ label, form, on, minutes }: { label: string; form: Form; on: 'remindBeforeStart' | 'remindBeforeEnd'; minutes: 'beforeStartMinutes' | 'beforeEndMinutes' }) {
  return (
    <Group align="center" gap="lg" wrap="wrap">
      <Switch label={label} w="16rem" {...form.getInputProps(on, { type: 'checkbox' })} />
      <NumberInput
        label={messages.MINUTES_BEFORE}
        // The visible label is short; the name says which reminder it sets.
        aria-label={`${label}: ${messages.MINUTES_BEFORE}`}
        min={1}
        max={REMINDER_MAX_MINUTES}
        allowDecimal={false}
        disabled={!form.getValues()[on]}
        w="9rem"
        {...form.getInputProps(minutes)}
      />
    </Group>
  );
}

function RemindersForm({ initial, loaded }: { initial: ReminderSettings | undefined; loaded: boolean }) {
  const save = useSaveReminderSettings();
  const form = useContractForm(reminderSettingsFormSchema, formOf(initial));
  // The mails are written in the profile's zone, or in UTC when it names none.
  const zone = useSession().user?.timeZone ?? 'UTC';

  return (
    <form onSubmit={form.onSubmit((body) => save.mutate(body, { onSuccess: () => notifySuccess(messages.REMINDERS_SAVED) }))} noValidate aria-label={messages.REMINDERS}>
      <Stack gap="sm">
        <PanelTitle>{messages.REMINDERS}</PanelTitle>
        <Text size="sm">{messages.REMINDERS_INTRO}</Text>
        <LeadField label={messages.REMIND_BEFORE_START} form={form} on="remindBeforeStart" minutes="beforeStartMinutes" />
        <LeadField label={messages.REMIND_BEFORE_END} form={form} on="remindBeforeEnd" minutes="beforeEndMinutes" />
        <Text size="xs" c="dimmed">
          {fill(messages.REMINDERS_ZONE, { zone })}
        </Text>
        {save.error && <ErrorAlert>{save.error.message}</ErrorAlert>}
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!loaded}>
            {messages.SAVE}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function RemindersPanel() {
  const settings = useReminderSettings(true);
  // A new form once the saved settings arrive, so that it starts from what is stored.
  return <RemindersForm key={settings.data ? 'stored' : 'default'} initial={settings.data} loaded={settings.data !== undefined} />;
}
