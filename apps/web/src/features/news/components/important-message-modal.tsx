import { Modal } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { MESSAGE_MODAL_DELAY_MS } from '@panel/shared/ui/ui-constants';
import { markMessageModalShown, wasMessageModalShown } from '@/lib/message-modal-flag';
import { useNews } from '../api/get-news';
import { ImportantMessage } from './important-message';
import { NEWS_TEXTS } from './news-texts';

/**
 * The global notice (docs/product/screens.md#important-message): opens once, 3 s after the panel loads, when show_modal_message is on and
 * this session has not closed it yet.
 */
export function ImportantMessageModal() {
  const { data: news } = useNews();
  const [opened, setOpened] = useState(false);
  const mountedAt = useRef(0);

  useEffect(() => {
    mountedAt.current = Date.now();
  }, []);

  const shouldOpen = Boolean(news?.show_modal_message && news.message.trim() !== '');

  useEffect(() => {
    if (!shouldOpen || wasMessageModalShown()) return;
    const remaining = Math.max(0, MESSAGE_MODAL_DELAY_MS - (Date.now() - mountedAt.current));
    const timer = setTimeout(() => setOpened(true), remaining);
    return () => clearTimeout(timer);
  }, [shouldOpen]);

  const handleClose = () => {
    markMessageModalShown();
    setOpened(false);
  };

  return (
    <Modal opened={opened} onClose={handleClose} title={NEWS_TEXTS.previewTitle} centered size="lg">
      {news && <ImportantMessage message={news.message} />}
    </Modal>
  );
}
