import { playlistLinks } from '@panel/shared/content/playlist-links';
import { DEFAULT_SETUP_TEMPLATES } from '@panel/shared/setup-messages/default-templates';
import { renderSetupMessage } from '@panel/shared/setup-messages/render-setup-message';
import {
  SETUP_MESSAGES,
  type LineSetupMessages,
  type SetupTemplate,
} from '@panel/shared/setup-messages/setup-messages-api';
import {
  isSetupApp,
  SETUP_APPS,
  setupAppsForSystem,
  type SetupApp,
} from '@panel/shared/setup-messages/setup-apps';
import type { Database } from '../../db/database';
import type { LineRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../auth/caller';
import { requireLineInScope } from '../lines/line-scope';
import {
  deleteTemplate,
  findEditedTemplate,
  lineShortLinks,
  listEditedTemplates,
  saveTemplate,
  type SetupTemplateRow,
} from './setup-messages.repository';
import { appPlaylist, setupValues } from './setup-values';

function toApi(app: SetupApp, row: SetupTemplateRow | undefined): SetupTemplate {
  return {
    app,
    body: row?.body ?? DEFAULT_SETUP_TEMPLATES[app],
    edited: row !== undefined,
    default_body: DEFAULT_SETUP_TEMPLATES[app],
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

function requireApp(app: string): SetupApp {
  if (!isSetupApp(app)) throw AppError.notFound(SETUP_MESSAGES.appNotFound);
  return app;
}

/**
 * Setup messages (decision 0050): each client app's template — the admin's edit or the default in
 * packages/shared — filled in for one line of the caller's subtree, and the admin's editing of them.
 */
export function createSetupMessagesService(db: Database, scheme: 'http' | 'https') {
  async function render(line: LineRow, apps: readonly SetupApp[], baseUrl: string) {
    const links = playlistLinks(baseUrl, line.username, line.password);
    const [edited, shortLinks] = await Promise.all([listEditedTemplates(db), lineShortLinks(db, line.id)]);
    const bodies = new Map(edited.map((row) => [row.app, row.body]));
    return apps.map((app) => {
      const playlist = appPlaylist(app, links, shortLinks, scheme);
      const template = bodies.get(app) ?? DEFAULT_SETUP_TEMPLATES[app];
      return { app, text: renderSetupMessage(template, setupValues(line, links, playlist)), qr: playlist };
    });
  }

  return {
    /** A line outside the subtree answers 404 like a missing one (decision 0031). */
    async forLine(caller: Caller, id: number, baseUrl: string): Promise<LineSetupMessages> {
      const line = await requireLineInScope(db, caller, id);
      return { data: await render(line, setupAppsForSystem(line.system), baseUrl), phone: line.phone };
    },

    /**
     * The customer page's setup messages (decision 0175): those of the apps fitting the line, without the
     * renewal one (the customer renews on the page itself). The caller already proved the line is its own.
     */
    async forCustomer(line: LineRow, baseUrl: string) {
      const apps = setupAppsForSystem(line.system).filter((app) => app !== 'RENEWAL');
      return render(line, apps, baseUrl);
    },

    /**
     * The renewal message of one line (decision 0152): the text its WhatsApp dialog shows under
     * 'Renovação', with the line's username and phone. Call it with the transaction of the bulk line.
     */
    async renewalMessage(
      caller: Caller,
      id: number,
      baseUrl: string,
    ): Promise<{ username: string; text: string; phone: string | null }> {
      const line = await requireLineInScope(db, caller, id);
      const [message] = await render(line, ['RENEWAL'], baseUrl);
      return { username: line.username, text: message?.text ?? '', phone: line.phone };
    },

    async list(): Promise<SetupTemplate[]> {
      const rows = new Map((await listEditedTemplates(db)).map((row) => [row.app, row]));
      return SETUP_APPS.map((app) => toApi(app, rows.get(app)));
    },

    async save(caller: Caller, app: string, body: string): Promise<SetupTemplate> {
      const known = requireApp(app);
      return toApi(known, await saveTemplate(db, { app: known, body, updatedBy: caller.id }));
    },

    async restore(app: string): Promise<SetupTemplate> {
      const known = requireApp(app);
      await deleteTemplate(db, known);
      return toApi(known, await findEditedTemplate(db, known));
    },
  };
}
