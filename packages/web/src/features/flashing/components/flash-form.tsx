// The flash form: device type, device and image (all three required), the Flash and Reset buttons. Types
// with no flashable device and devices that are down or not flashable are disabled; the buttons are
// disabled while a flash runs.
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { flashNodesRequestSchema, type FlashNodesList } from '@testbed/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flashChoices } from '../flash-state';

export interface FlashFormProps {
  nodes: FlashNodesList;
  /** MAC addresses of the devices with a running flash. */
  busy: ReadonlySet<string>;
  /** A flash of the user runs: nothing can be started or reset. */
  running: boolean;
  submitting: boolean;
  error: string | null;
  onFlash: (request: { deviceType: string; device: string; image: string; ip: string }) => void;
}

export function FlashForm({ nodes, busy, running, submitting, error, onFlash }: FlashFormProps) {
  const { t } = useTranslation();
  const [deviceType, setDeviceType] = useState<string | null>(null);
  const [device, setDevice] = useState<string | null>(null);
  const [image, setImage] = useState<string | null>(null);
  const choices = flashChoices(nodes, busy, deviceType, device, { down: t('DEVICE_DOWN'), notFlashable: t('DEVICE_NOT_FLASHABLE') });
  const deviceOption = choices.devices.find((option) => option.value === device);
  const parsed = flashNodesRequestSchema.safeParse({ deviceType: deviceType ?? '', device: device ?? '', image: image ?? '' });
  const complete = parsed.success && deviceOption !== undefined && !deviceOption.disabled;
  const locked = running || submitting;
  const noneFlashable = choices.types.every((type) => type.disabled);

  const reset = () => {
    setDeviceType(null);
    setDevice(null);
    setImage(null);
  };

  return (
    <form
      aria-label={t('FLASH_FORM')}
      onSubmit={(event) => {
        event.preventDefault();
        if (!complete || locked || !deviceType || !device || !image) return;
        onFlash({ deviceType, device, image, ip: nodes[deviceType]?.[device]?.ip ?? '' });
      }}
    >
      <Stack gap="md" maw={560}>
        {noneFlashable && (
          <Alert color="blue" variant="light">
            {t('NO_FLASHABLE_DEVICE')}
          </Alert>
        )}
        <Select
          label={t('DEVICE_TYPE')}
          withAsterisk
          data={choices.types}
          value={deviceType}
          onChange={(value) => {
            setDeviceType(value);
            setDevice(null);
            setImage(null);
          }}
          disabled={locked}
          allowDeselect={false}
        />
        <Select
          label={t('DEVICE')}
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
        <Select
          label={t('IMAGE')}
          withAsterisk
          data={choices.images}
          value={image}
          onChange={setImage}
          disabled={locked || !device}
          allowDeselect={false}
        />
        {running && (
          <Text size="sm" c="dimmed">
            {t('FLASH_RUNNING_HINT')}
          </Text>
        )}
        <Group gap="sm">
          <Button type="submit" disabled={!complete || locked} loading={submitting}>
            {t('FLASH_BUTTON')}
          </Button>
          <Button variant="default" onClick={reset} disabled={locked}>
            {t('RESET_ALL_VALUES')}
          </Button>
        </Group>
        {error && (
          <Alert color="red" variant="light" title={t('FLASH_FAILED_TO_START')} role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
