// One group of the new-experiment form, in a fieldset of its own: the device type, how its devices are chosen
// (any `count` of them, named ones, or `count` of those whose catalogue properties match) and the image, the
// operator's or one the user may flash of their own, their groups' or the public ones (as the flash form offers).
import { Button, Fieldset, Group, MultiSelect, NumberInput, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { experimentMessages as texts, messages, type ExperimentDescription, type FlashNodesList } from '@testbed/contract';
import { fill } from '../../../shared/fill';
import type { ContractForm } from '../../../shared/form';
import { flashableImagesOptions } from '../api/experiments-api';
import type { ChooseBy, ExperimentValues, GroupValues } from '../experiment-values';

export interface GroupFieldsProps {
  form: ContractForm<ExperimentValues, ExperimentDescription>;
  index: number;
  nodes: FlashNodesList;
}

const IMAGE_KINDS = ['operator', 'own', 'group', 'public'] as const;

export function GroupFields({ form, index, nodes }: GroupFieldsProps) {
  const group = form.getValues().groups[index]!;
  const path = `groups.${index}`;
  const n = String(index + 1);
  const flashable = useQuery({ ...flashableImagesOptions(group.type), enabled: group.type !== '' });
  const imageChoices = (flashable.data ? IMAGE_KINDS : [])
    .map((kind) => ({ group: messages[`IMAGE_GROUP_${kind}`], items: flashable.data!.filter((one) => one.kind === kind).map((one) => ({ value: one.ref, label: one.label })) }))
    .filter((choice) => choice.items.length > 0);
  const devices = Object.entries(nodes[group.type] ?? {}).map(([mac, node]) => ({ value: mac, label: `${mac} (${node.ip})`, disabled: !node.up || node.quarantined === true }));
  const set = (change: Partial<GroupValues>) => form.setFieldValue(path, { ...group, ...change });
  const errorOf = (field: string) => form.errors[`${path}.${field}`];

  return (
    <Fieldset legend={fill(texts.GROUP, { n })} variant="filled">
      <Stack gap="sm">
        <Group align="flex-start" wrap="wrap">
          <Select
            label={texts.DEVICE_TYPE}
            data={Object.keys(nodes)}
            value={group.type || null}
            // A new type empties what belonged to the old one.
            onChange={(type) => set({ type: type ?? '', image: '', devices: [] })}
            error={errorOf('type')}
            required
            w="16rem"
          />
          <Select label={texts.IMAGE} data={imageChoices} value={group.image || null} onChange={(image) => set({ image: image ?? '' })} error={errorOf('image')} disabled={!group.type} required w="20rem" />
        </Group>
        <Stack gap={4}>
          <Text size="sm" fw={500} id={`${group.key}-by`}>
            {fill(texts.CHOOSE_BY, { n })}
          </Text>
          <SegmentedControl
            aria-labelledby={`${group.key}-by`}
            value={group.chooseBy}
            onChange={(chooseBy) => set({ chooseBy: chooseBy as ChooseBy })}
            data={[
              { value: 'count', label: texts.CHOOSE_COUNT },
              { value: 'named', label: texts.CHOOSE_NAMED },
              { value: 'properties', label: texts.CHOOSE_PROPERTIES },
            ]}
            w="fit-content"
          />
        </Stack>
        {group.chooseBy === 'named' ? (
          <MultiSelect label={texts.NAMED_DEVICES} data={devices} value={group.devices} onChange={(macs) => set({ devices: macs })} error={errorOf('devices')} disabled={!group.type} searchable required />
        ) : (
          <Group align="flex-start" wrap="wrap">
            <NumberInput label={texts.COUNT} {...form.getInputProps(`${path}.count`)} min={1} max={100} required w="10rem" />
            {group.chooseBy === 'properties' && (
              <TextInput label={texts.PROPERTIES} description={texts.PROPERTIES_HINT} {...form.getInputProps(`${path}.properties`)} required w="24rem" />
            )}
          </Group>
        )}
        {form.getValues().groups.length > 1 && (
          <Group>
            <Button variant="subtle" color="red" onClick={() => form.removeListItem('groups', index)}>
              {fill(texts.REMOVE_GROUP, { n })}
            </Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}
