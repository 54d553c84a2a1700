// experiments: the signed-in person's experiments (running, coming, past), or everyone's for an administrator,
// each linked to its page; a button to describe a new one.
import { Anchor, Button, Checkbox, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { experimentMessages as experimentMessagesEn, type ExperimentListQuery } from '@testbed/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { may, useSession } from '../../../shared/session';
import { formatDateTime } from '../../../shared/time';
import { ScrollTable } from '../../../shared/components/scroll-table';
import { QueryPlaceholder } from '../../../shared/components/query-placeholder';
import { allExperimentsOptions, myExperimentsOptions } from '../api/experiments-api';
import { experimentStateText } from './experiment-texts';

const texts = experimentMessagesEn;

export function ExperimentsPage() {
  useDocumentTitle(`${texts.EXPERIMENTS} | Testbed Portal`);
  const { user } = useSession();
  const [when, setWhen] = useState<ExperimentListQuery['when']>('all');
  const [everyone, setEveryone] = useState(false);
  const admin = may(user, 'experiments:list-all');
  const list = useQuery(everyone && admin ? allExperimentsOptions(when) : myExperimentsOptions(when));
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>{texts.EXPERIMENTS}</Title>
        <Button component={Link} to={paths.experimentNew.href()}>
          {texts.NEW_EXPERIMENT}
        </Button>
      </Group>
      <Group>
        <SegmentedControl
          value={when}
          onChange={(value) => setWhen(value as ExperimentListQuery['when'])}
          data={[
            { value: 'all', label: texts.WHEN_ALL },
            { value: 'running', label: texts.WHEN_RUNNING },
            { value: 'coming', label: texts.WHEN_COMING },
            { value: 'past', label: texts.WHEN_PAST },
          ]}
        />
        {admin && <Checkbox label={texts.EVERYONE} checked={everyone} onChange={(event) => setEveryone(event.currentTarget.checked)} />}
      </Group>
      {!list.data ? (
        <QueryPlaceholder failure={list.error?.message} />
      ) : list.data.length === 0 ? (
        <Text>{texts.NONE}</Text>
      ) : (
        <ScrollTable label={texts.EXPERIMENT_TABLE} headers={[texts.NAME, texts.USER, texts.STATE, texts.DEVICES, texts.START, texts.ENDS]}>
          {list.data.map((experiment) => (
            <Table.Tr key={experiment.id}>
              <Table.Td>
                <Anchor component={Link} to={paths.experiment.href(experiment.id)}>
                  {experiment.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{experiment.username}</Table.Td>
              <Table.Td>{experimentStateText(experiment.state)}</Table.Td>
              <Table.Td>{experiment.deviceCount}</Table.Td>
              <Table.Td>{formatDateTime(experiment.start)}</Table.Td>
              <Table.Td>{formatDateTime(experiment.end)}</Table.Td>
            </Table.Tr>
          ))}
        </ScrollTable>
      )}
    </Stack>
  );
}

export { ExperimentsPage as Component };
