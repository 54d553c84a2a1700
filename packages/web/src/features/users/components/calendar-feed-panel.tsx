// A user's private calendar feed: its state, and its address shown once, in a dialog with a copy button,
// when it is created or regenerated.
import { Button, Group, Stack, Text } from '@mantine/core';
import { messages } from '@testbed/contract';
import { useState } from 'react';
import { useConfirmModal } from '../../../shared/components/confirm-modal';
import { ShownOnceDialog } from '../../../shared/components/dialog';
import { ErrorAlert } from '../../../shared/components/error-alert';
import { fill } from '../../../shared/fill';
import { notifySuccess } from '../../../shared/notify';
import { formatDateTime } from '../../../shared/time';
import { useCalendarFeed, useCreateCalendarFeed, useStopCalendarFeed } from '../api/account-insight-api';
import { PanelTitle } from './panel-title';

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
