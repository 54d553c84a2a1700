// Panels of a user's own page: recent sign-ins (to notice someone else's), reservation reminders, and the
// private calendar feed (its address shown once, in a dialog with a copy button).
import { Button, Group, NumberInput, Stack, Switch, Table, Text } from '@mantine/core';
import { REMINDER_DEFAULT_MINUTES, REMINDER_MAX_MINUTES, reminderSettingsSchema, type ReminderSettings, messages } from '@testbed/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { fill } from '../../../shared/fill';
import { useConfirmModal } from '../../../shared/components/confirm-modal';
import { ShownOnceDialog } from '../../../shared/components/dialog';
import { formatDateTime } from '../../../shared/time';
import { useSession } from '../../../shared/session';
import { notifySuccess } from '../../../shared/notify';
import {
  useCalendarFeed,
  useCreateCalendarFeed,
  useReminderSettings,
  useSaveReminderSettings,
  useSignInHistory,
  useStopCalendarFeed,
} from '../api/account-insight-api';
import { ErrorAlert } from '../../../shared/components/error-alert';

function PanelTitle({ children }: { children: string }) {
  return (
    <Text fw={700} component="h2" size="lg">
      {children}
    </Text>
  );
}

export function SignInHistoryPanel() {
  const history = useSignInHistory(true);
  return (
    <Stack gap="sm">
      <PanelTitle>{messages.SIGN_IN_HISTORY}</PanelTitle>
      <Text size="sm">{messages.SIGN_IN_HISTORY_INTRO}</Text>
      {history.data && history.data.events.length === 0 && <Text size="sm">{messages.NO_SIGN_INS}</Text>}
      {history.data && history.data.events.length > 0 && (
        <Table withTableBorder striped aria-label={messages.SIGN_IN_HISTORY}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{messages.AUDIT_AT}</Table.Th>
              <Table.Th>{messages.AUDIT_ADDRESS}</Table.Th>
              <Table.Th>{messages.SIGN_IN_OUTCOME}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.data.events.map((event, index) => (
              <Table.Tr key={`${event.at}-${index}`} data-outcome={event.outcome}>
                <Table.Td>{formatDateTime(event.at)}</Table.Td>
                <Table.Td ff="monospace">{event.ip ?? ''}</Table.Td>
                <Table.Td c={event.outcome === 'success' ? undefined : 'red.9'} fw={event.outcome === 'success' ? undefined : 700}>
                  {messages[`SIGN_IN_${event.outcome}`]}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

interface LeadState {
  on: boolean;
  minutes: number | string;
}

const leadOf = (value: number | null): LeadState => ({ on: value !== null, minutes: value ?? REMINDER_DEFAULT_MINUTES });

function LeadField({ label, value, onChange, error }: { label: string; value: LeadState; onChange: (next: LeadState) => void; error?: string }) {
  return (
    <Group align="center" gap="lg" wrap="wrap">
      <Switch label={label} checked={value.on} onChange={(event) => onChange({ ...value, on: event.currentTarget.checked })} w="16rem" />
      <NumberInput
        label={messages.MINUTES_BEFORE}
        // The visible label is short; the name says which reminder it sets.
        aria-label={`${label}: ${messages.MINUTES_BEFORE}`}
        value={value.minutes}
        onChange={(minutes) => onChange({ ...value, minutes })}
        min={1}
        max={REMINDER_MAX_MINUTES}
        allowDecimal={false}
        disabled={!value.on}
        error={error}
        w="9rem"
      />
    </Group>
  );
}

export function RemindersPanel() {
  const settings = useReminderSettings(true);
  const save = useSaveReminderSettings();
  const [start, setStart] = useState<LeadState>(leadOf(REMINDER_DEFAULT_MINUTES));
  const [end, setEnd] = useState<LeadState>(leadOf(REMINDER_DEFAULT_MINUTES));
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The mails are written in the profile's zone, or in UTC when it names none.
  const zone = useSession().user?.timeZone ?? 'UTC';

  useEffect(() => {
    if (!settings.data) return;
    setStart(leadOf(settings.data.beforeStartMinutes));
    setEnd(leadOf(settings.data.beforeEndMinutes));
  }, [settings.data]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const form: ReminderSettings = {
      beforeStartMinutes: start.on ? Number(start.minutes) : null,
      beforeEndMinutes: end.on ? Number(end.minutes) : null,
    };
    const parsed = reminderSettingsSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, { onSuccess: () => notifySuccess(messages.REMINDERS_SAVED) });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={messages.REMINDERS}>
      <Stack gap="sm">
        <PanelTitle>{messages.REMINDERS}</PanelTitle>
        <Text size="sm">{messages.REMINDERS_INTRO}</Text>
        <LeadField label={messages.REMIND_BEFORE_START} value={start} onChange={setStart} error={errors.beforeStartMinutes} />
        <LeadField label={messages.REMIND_BEFORE_END} value={end} onChange={setEnd} error={errors.beforeEndMinutes} />
        <Text size="xs" c="dimmed">
          {fill(messages.REMINDERS_ZONE, { zone })}
        </Text>
        {save.error && <ErrorAlert>{save.error.message}</ErrorAlert>}
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!settings.data}>
            {messages.SAVE}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function CalendarFeedPanel() {
  const feed = useCalendarFeed(true);
  const create = useCreateCalendarFeed();
  const stop = useStopCalendarFeed();
  const { confirm, dialog } = useConfirmModal();
  const [shown, setShown] = useState<string | null>(null);

  const onCreate = async () => {
    if (feed.data?.active) {
      const ok = await confirm({ title: messages.CALENDAR_FEED_REGENERATE, message: messages.CALENDAR_FEED_REGENERATE_CONFIRM, confirmLabel: messages.CALENDAR_FEED_REGENERATE });
      if (!ok) return;
    }
    create.mutate(undefined, { onSuccess: (created) => setShown(created.url) });
  };

  return (
    <Stack gap="sm">
      <PanelTitle>{messages.CALENDAR_FEED}</PanelTitle>
      <Text size="sm">{messages.CALENDAR_FEED_INTRO}</Text>
      {feed.data && (
        <Text size="sm" data-testid="calendar-feed-status">
          {feed.data.active
            ? fill(messages.CALENDAR_FEED_ACTIVE, { since: formatDateTime(feed.data.createdAt), read: feed.data.lastReadAt ? formatDateTime(feed.data.lastReadAt) : messages.NEVER.toLowerCase() })
            : messages.CALENDAR_FEED_NONE}
        </Text>
      )}
      {(create.error ?? stop.error) && <ErrorAlert>{(create.error ?? stop.error)!.message}</ErrorAlert>}
      <Group>
        <Button onClick={() => void onCreate()} loading={create.isPending} disabled={!feed.data}>
          {feed.data?.active ? messages.CALENDAR_FEED_REGENERATE : messages.CALENDAR_FEED_CREATE}
        </Button>
        {feed.data?.active && (
          <Button variant="default" color="red.9" onClick={() => stop.mutate(undefined, { onSuccess: () => notifySuccess(messages.CALENDAR_FEED_STOPPED) })} loading={stop.isPending}>
            {messages.CALENDAR_FEED_STOP}
          </Button>
        )}
      </Group>
      <ShownOnceDialog value={shown} onClose={() => setShown(null)} title={messages.CALENDAR_FEED_CREATED} text={messages.CALENDAR_FEED_CREATED_TEXT} testId="calendar-feed-url" />
      {dialog}
    </Stack>
  );
}
