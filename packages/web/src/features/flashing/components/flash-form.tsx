// The flash form: device type, device and image (all three required), the Flash and Reset buttons. Types
// with no flashable device and devices that are down, being flashed or not flashable are disabled; a running
// flash locks its own devices only, so that others can be flashed meanwhile. "Flash several devices at once"
// turns the device choice into a list: one image on each of them, each its own job. Opened for given devices
// (from a reservation), the form starts with them chosen.
import { Alert, Button, Checkbox, Group, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { flashNodesRequestSchema, type FlashNodesList, messages } from '@testbed/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { flashableImagesOptions } from '../api/flashing-api';
import { fill } from '../../../shared/fill';
import { flashChoices, preselection } from '../flash-state';

export interface FlashFormProps {
  nodes: FlashNodesList;
  /** MAC addresses of the devices with a running flash. */
  busy: ReadonlySet<string>;
  /** A flash of the user runs: its devices are locked (they are in `busy`), the others stay free. */
  running: boolean;
  /** MAC addresses to start with (a reservation's devices); those the list does not know are left out. */
  preselect?: readonly string[];
  submitting: boolean;
  error: string | null;
  onFlash: (request: { deviceType: string; device: string; image: string; ip: string }) => void;
  onFlashBatch: (request: { image: string; devices: string[] }) => void;
  /** The devices a batch could not start, with their reasons. */
  refused?: ReadonlyArray<{ device: string; error: string | null }>;
}

export function FlashForm({ nodes, busy, running, submitting, error, onFlash, onFlashBatch, refused = [], preselect = [] }: FlashFormProps) {
  // Read once, when the form opens: the person's own choices win afterwards.
  const [initial] = useState(() => preselection(nodes, preselect));
  const [deviceType, setDeviceType] = useState<string | null>(initial?.deviceType ?? null);
  const [device, setDevice] = useState<string | null>(initial?.devices.length === 1 ? initial.devices[0]! : null);
  const [several, setSeveral] = useState((initial?.devices.length ?? 0) > 1);
  const [devices, setDevices] = useState<string[]>((initial?.devices.length ?? 0) > 1 ? initial!.devices : []);
  const [image, setImage] = useState<string | null>(null);
  const labels = { down: messages.DEVICE_DOWN, notFlashable: messages.DEVICE_NOT_FLASHABLE, quarantined: messages.DEVICE_QUARANTINED };
  const choices = flashChoices(nodes, busy, deviceType, several ? (devices[0] ?? null) : device, labels);
  // The operator's images, then the user's own, their groups' and the public ones (image:<id>), grouped; the
  // operator's alone while that list is not in.
  const flashable = useQuery({ ...flashableImagesOptions(deviceType ?? ''), enabled: deviceType !== null && choices.images.length > 0 });
  const imageChoices = flashable.data
    ? (['operator', 'own', 'group', 'public'] as const)
        .map((kind) => ({ group: messages[`IMAGE_GROUP_${kind}`], items: flashable.data.filter((one) => one.kind === kind).map((one) => ({ value: one.ref, label: one.label })) }))
        .filter((group) => group.items.length > 0)
    : choices.images;
  const deviceOption = choices.devices.find((option) => option.value === device);
  const parsed = flashNodesRequestSchema.safeParse({ deviceType: deviceType ?? '', device: device ?? '', image: image ?? '' });
  const batchReady =
    several && image !== null && devices.length > 0 && devices.every((mac) => choices.devices.some((option) => option.value === mac && !option.disabled));
  const complete = several ? batchReady : parsed.success && deviceOption !== undefined && !deviceOption.disabled;
  const locked = submitting;
  const noneFlashable = choices.types.every((type) => type.disabled);

  // A new type or way of choosing empties the device choice, and the image with it.
  const clearDevices = () => {
    setDevice(null);
    setDevices([]);
    setImage(null);
  };
  const reset = () => {
    setDeviceType(null);
    clearDevices();
  };

  return (
    <form
      aria-label={messages.FLASH_FORM}
      onSubmit={(event) => {
        event.preventDefault();
        if (!complete || locked || !deviceType || !image) return;
        if (several) onFlashBatch({ image, devices });
        else if (device) onFlash({ deviceType, device, image, ip: nodes[deviceType]?.[device]?.ip ?? '' });
      }}
    >
      <Stack gap="md" maw={560}>
        {noneFlashable && (
          <Alert color="blue" variant="light">
            {messages.NO_FLASHABLE_DEVICE}
          </Alert>
        )}
        {/* The selects stay written out: each holds its own choice and empties a different part of the rest. */}
        <Select
          label={messages.DEVICE_TYPE}
          withAsterisk
          data={choices.types}
          value={deviceType}
          onChange={(value) => {
            setDeviceType(value);
            clearDevices();
          }}
          disabled={locked}
          allowDeselect={false}
        />
        <Checkbox
          label={messages.FLASH_SEVERAL}
          checked={several}
          disabled={locked}
          onChange={(event) => {
            setSeveral(event.currentTarget.checked);
            clearDevices();
          }}
        />
        {several ? (
          <MultiSelect
            label={messages.DEVICES_TO_FLASH}
            withAsterisk
            data={choices.devices}
            value={devices}
            onChange={(value) => {
              setDevices(value);
              if (value.length === 0) setImage(null);
            }}
            disabled={locked || !deviceType}
            searchable
          />
        ) : (
          <Select
            label={messages.DEVICE}
            withAsterisk
            data={choices.devices}
            value={device}
            onChange={(value) => {
              setDevice(value);
              setImage(null);
            }}
            disabled={locked || !deviceType}
            allowDeselect={false}
          />
        )}
        <Select
          label={messages.IMAGE}
          withAsterisk
          data={imageChoices}
          value={image}
          onChange={setImage}
          disabled={locked || (several ? devices.length === 0 : !device)}
          allowDeselect={false}
        />
        {running && (
          <Text size="sm" c="dimmed">
            {messages.FLASH_RUNNING_HINT}
          </Text>
        )}
        <Group gap="sm">
          <Button type="submit" disabled={!complete || locked} loading={submitting}>
            {messages.FLASH_BUTTON}
          </Button>
          <Button variant="default" onClick={reset} disabled={locked}>
            {messages.RESET_ALL_VALUES}
          </Button>
        </Group>
        {error && (
          <Alert color="red" variant="light" title={messages.FLASH_FAILED_TO_START} role="alert">
            {error}
          </Alert>
        )}
        {refused.length > 0 && (
          <Alert color="orange" variant="light" title={messages.FLASH_FAILED_TO_START} role="alert">
            {refused.map((job) => (
              <Text key={job.device} size="sm">
                {fill(messages.FLASH_BATCH_REFUSED, { device: job.device, reason: job.error ?? '' })}
              </Text>
            ))}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
