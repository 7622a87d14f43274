import { Box, Button, Drawer, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBrandWhatsapp, IconCopy } from '@tabler/icons-react';
import {
  RELEASES_TEXTS,
  releasesShareText,
  type Release,
  type Releases,
} from '@panel/shared/catalog/releases-api';
import { whatsAppUrl } from '@panel/shared/setup-messages/whatsapp-url';
import { QueryBody } from '@/components/query-body';
import { copyText } from '@/lib/copy-text';
import { formatIsoDate } from '@/lib/format-date';
import { showCopiedToast, showErrorToast } from '@/lib/toasts';
import { useReleases } from '../api/get-releases';

/** docs/product/screens.md#top-bar: each list scrolls past 180 px. */
const LIST_HEIGHT_PX = 180;

function ReleaseList({ kind, items }: { kind: 'movies' | 'series'; items: readonly Release[] }) {
  const testId = `releases-${kind}`;
  return (
    <Stack gap={6}>
      <Title order={5}>{RELEASES_TEXTS[kind]}</Title>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid={`${testId}-empty`}>
          {RELEASES_TEXTS.empty}
        </Text>
      ) : (
        <Box
          component="ul"
          m={0}
          p={0}
          style={{ maxHeight: LIST_HEIGHT_PX, overflowY: 'auto', listStyle: 'none' }}
          data-testid={testId}
        >
          {items.map((item) => (
            <Group
              component="li"
              key={item.id}
              justify="space-between"
              wrap="nowrap"
              gap="xs"
              py={4}
              px={2}
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
              data-testid={`${testId}-item`}
            >
              <Text size="sm" truncate="end" data-testid={`${testId}-title`}>
                {item.title}
              </Text>
              <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                {formatIsoDate(item.added_at)}
              </Text>
            </Group>
          ))}
        </Box>
      )}
    </Stack>
  );
}

function ReleasesBody({ releases }: { releases: Releases }) {
  const text = releasesShareText(releases);
  const copy = () => copyText(text).then(showCopiedToast, showErrorToast);
  return (
    <Stack gap="lg">
      <ReleaseList kind="movies" items={releases.movies} />
      <ReleaseList kind="series" items={releases.series} />
      {/* Side by side in the drawer on a laptop; one under the other on a phone. */}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Button
          variant="light"
          leftSection={<IconCopy size={16} />}
          onClick={() => void copy()}
          data-testid="releases-copy"
        >
          {RELEASES_TEXTS.copy}
        </Button>
        <Button
          component="a"
          href={whatsAppUrl('', text)}
          target="_blank"
          rel="noopener noreferrer"
          color="green"
          leftSection={<IconBrandWhatsapp size={16} />}
          data-testid="releases-whatsapp"
        >
          {RELEASES_TEXTS.send}
        </Button>
      </SimpleGrid>
    </Stack>
  );
}

interface ReleasesDrawerProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * The top bar's content-updates drawer (docs/product/screens.md#top-bar): the newest movies and series of
 * the library, copied or sent on WhatsApp as one list. A lazy chunk, fetched on the first open.
 */
export function ReleasesDrawer({ opened, onClose }: ReleasesDrawerProps) {
  const query = useReleases();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="min(440px, 100vw)"
      title={<Text fw={700}>{RELEASES_TEXTS.title}</Text>}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
      data-testid="releases-drawer"
    >
      <QueryBody
        query={query}
        testId="releases"
        isEmpty={(data: Releases) => data.movies.length === 0 && data.series.length === 0}
        empty={
          <Text size="sm" c="dimmed" ta="center" py="md" data-testid="releases-empty">
            {RELEASES_TEXTS.empty}
          </Text>
        }
      >
        {(releases) => <ReleasesBody releases={releases} />}
      </QueryBody>
    </Drawer>
  );
}
