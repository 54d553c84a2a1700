// A newcomer's first steps, each crossed out once done, else a link to the page that does it.
import { Anchor, Group, List, Text } from '@mantine/core';
import { homeMessages } from '@testbed/contract';
import { Link } from 'react-router';
import { Panel } from './home-panel';

export interface ChecklistStep {
  label: string;
  done: boolean;
  to: string;
}

export function Checklist({ steps }: { steps: ChecklistStep[] }) {
  return (
    <Panel title={homeMessages.CHECKLIST_TITLE} testId="first-steps">
      <Text size="sm" mb="xs">
        {homeMessages.CHECKLIST_INTRO}
      </Text>
      <List type="ordered" size="sm" spacing={6}>
        {steps.map((step) => (
          <List.Item key={step.label}>
            <Group gap="xs">
              {step.done ? (
                <Text span size="sm" td="line-through" c="dimmed">
                  {step.label}
                </Text>
              ) : (
                <Anchor component={Link} to={step.to} size="sm">
                  {step.label}
                </Anchor>
              )}
              <Text span size="xs" fw={700} c="gray.7">
                ({step.done ? homeMessages.STEP_DONE : homeMessages.STEP_TODO})
              </Text>
            </Group>
          </List.Item>
        ))}
      </List>
    </Panel>
  );
}
