import { z } from 'zod';

/** GET /api/news: the global important message, and whether the panel shows it as a pop-up. */
export const importantMessageSchema = z.object({ message: z.string(), show_modal_message: z.boolean() });
export type ImportantMessage = z.infer<typeof importantMessageSchema>;
