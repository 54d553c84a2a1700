// help and help/{topic}: the user guide, written for the people who book and flash (the API reference, for
// programs, is linked beside it). Open to everybody, signed in or not, like the sign-in page's link to it.
import { Anchor, Card, Code, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { HELP_TOPICS, helpMessages, type HelpTopic } from '@testbed/contract';
import { Link, useParams } from 'react-router';
import { API_REFERENCE_URL } from '../../../shared/config';
import { paths } from '../../../shared/paths';

const isTopic = (value: string | undefined): value is HelpTopic => HELP_TOPICS.includes(value as HelpTopic);

/** A topic's text: paragraphs split on blank lines; a paragraph starting with "$ " is a command to copy. */
function Body({ text }: { text: string }) {
  return (
    <Stack gap="sm">
      {text.split('\n\n').map((paragraph) =>
        paragraph.startsWith('$ ') ? (
          <Code block key={paragraph}>
            {paragraph.slice(2)}
          </Code>
        ) : (
          <Text key={paragraph}>{paragraph}</Text>
        ),
      )}
    </Stack>
  );
}

function ApiReference() {
  return (
    <Card withBorder radius="md" data-testid="api-reference">
      <Anchor href={API_REFERENCE_URL} fw={700}>
        {helpMessages.API_REFERENCE}
      </Anchor>
      <Text size="sm" c="dimmed">
        {helpMessages.API_REFERENCE_TEXT}
      </Text>
    </Card>
  );
}

export function HelpPage() {
  const { topic } = useParams();
  const title = isTopic(topic) ? helpMessages[`${topic}.title`] : helpMessages.HELP_TITLE;
  useDocumentTitle(`${title} | Testbed Portal`);

  if (topic !== undefined) {
    return (
      <Container size="md" px={0}>
        <Stack gap="lg">
          <Anchor component={Link} to={paths.help.href()} size="sm">
            {helpMessages.BACK_TO_GUIDE}
          </Anchor>
          <Title order={1}>{title}</Title>
          {isTopic(topic) ? <Body text={helpMessages[`${topic}.body`]} /> : <Text>{helpMessages.TOPIC_NOT_FOUND}</Text>}
          <ApiReference />
        </Stack>
      </Container>
    );
  }
  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <Title order={1}>{helpMessages.HELP_TITLE}</Title>
        <Text>{helpMessages.HELP_INTRO}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {HELP_TOPICS.map((name) => (
            <Card key={name} withBorder radius="md" data-testid="help-topic">
              <Anchor component={Link} to={paths.helpTopic.href(name)} fw={700}>
                {helpMessages[`${name}.title`]}
              </Anchor>
              <Text size="sm" c="dimmed">
                {helpMessages[`${name}.summary`]}
              </Text>
            </Card>
          ))}
          <ApiReference />
        </SimpleGrid>
      </Stack>
    </Container>
  );
}

export { HelpPage as Component };
