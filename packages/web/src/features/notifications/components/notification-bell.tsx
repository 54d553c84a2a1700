// The header's bell: how many of one's notifications are unread, and under it the list of the newest, each
// linking to what it is about (an experiment), with mark read. A disclosure drawn by its own CSS like the
// header's menus (no popover library in every signed-in page); loaded after the frame.
import { Anchor, Badge, Button, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { notificationMessages as texts, type Notification } from '@testbed/contract';
import type { FocusEvent } from 'react';
import { Link } from 'react-router';
import { fill } from '../../../shared/fill';
import { formatDateTime } from '../../../shared/time';
import { useHeaderDisclosure } from '../../../shared/use-header-disclosure';
import { notificationsOptions, useMarkAllRead, useMarkRead } from '../api/notifications-api';
import classes from './notification-bell.module.css';

function BellIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.73 21a2 2 0 0 1-3.46 0" />
    </svg>
  );
}

function Item({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  const markRead = useMarkRead();
  const open = () => {
    if (!notification.read) markRead.mutate(notification.id);
    onOpen();
  };
  return (
    <li className={classes.item} data-unread={notification.read ? undefined : true}>
      <Stack gap={2}>
        {notification.link ? (
          <Anchor component={Link} to={notification.link} onClick={open} fw={notification.read ? 400 : 700} size="sm">
            {notification.title}
          </Anchor>
        ) : (
          <Text fw={notification.read ? 400 : 700} size="sm">
            {notification.title}
          </Text>
        )}
        <Text size="sm">{notification.text}</Text>
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dark.6">
            {formatDateTime(notification.createdAt)}
          </Text>
          {!notification.read && (
            <Button variant="subtle" size="compact-xs" onClick={() => markRead.mutate(notification.id)} loading={markRead.isPending}>
              {texts.MARK_READ}
            </Button>
          )}
        </Group>
      </Stack>
    </li>
  );
}

export function NotificationBell() {
  const list = useQuery(notificationsOptions);
  const markAll = useMarkAllRead();
  const bell = useHeaderDisclosure();
  const unread = list.data?.unread ?? 0;

  // Focus leaving the bell and its list closes it.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) bell.close();
  };

  return (
    <div className={classes.bell} onBlur={onBlur}>
      <UnstyledButton
        {...bell.buttonProps}
        aria-label={unread > 0 ? fill(texts.OPEN_NOTIFICATIONS, { count: String(unread) }) : texts.NOTIFICATIONS}
        p={6}
        c="dark.8"
        style={{ display: 'flex', alignItems: 'center', gap: 4 }}
      >
        <BellIcon />
        {unread > 0 && (
          <Badge size="sm" color="red.9" circle={unread < 10} data-testid="notification-count">
            {unread > 99 ? '99+' : unread}
          </Badge>
        )}
      </UnstyledButton>
      {bell.opened && (
        <div id={bell.panelId} className={classes.panel} role="region" aria-label={texts.NOTIFICATIONS}>
          <Group justify="space-between" mb="xs">
            <Text fw={700} size="sm">
              {texts.NOTIFICATIONS}
            </Text>
            {unread > 0 && (
              <Button variant="subtle" size="compact-xs" onClick={() => markAll.mutate(undefined)} loading={markAll.isPending}>
                {texts.MARK_ALL_READ}
              </Button>
            )}
          </Group>
          {list.data && list.data.notifications.length > 0 ? (
            <ul className={classes.list}>
              {list.data.notifications.map((notification) => (
                <Item key={notification.id} notification={notification} onOpen={bell.close} />
              ))}
            </ul>
          ) : (
            <Text size="sm">{texts.NONE}</Text>
          )}
        </div>
      )}
    </div>
  );
}
