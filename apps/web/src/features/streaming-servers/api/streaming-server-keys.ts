/** Query keys of the streaming-servers screen (admin only; nothing else reads them). */
export const STREAMING_SERVER_KEYS = {
  list: ['streaming-servers'] as const,
};
