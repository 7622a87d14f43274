import type { BulkAction } from '@panel/shared/line-bulk/bulk-api';
import { whatsAppUrl } from '@panel/shared/setup-messages/whatsapp-url';
import type { Transaction } from '../../db/run-in-transaction';
import type { Caller } from '../auth/caller';
import type { LineActionOutcome } from '../lines/line-action-runner';
import { deleteLine, editLine, setLineEnabled } from '../lines/line-edit.service';
import { moveLine } from '../lines/line-move.service';
import { renewByPackage, renewOneMonth } from '../lines/line-renewals.service';
import { requireLineRecordInScope } from '../lines/line-scope';

/** What the bulk line needs from outside the line's transaction. */
export interface BulkLineContext {
  /** The renewal message of a line, read with the bulk line's transaction. */
  renewalMessage(
    tx: Transaction,
    caller: Caller,
    id: number,
  ): Promise<{ username: string; text: string; phone: string | null }>;
  /** Connections a block or a deletion ended: cut once the line's transaction has committed. */
  ended: number[];
}

/** What one line's action did: the line's username, what it cost, and the renewal message's link. */
export interface BulkLineDone {
  username: string;
  chargedCents: number;
  link?: string;
  phone?: string | null;
}

const done = (outcome: LineActionOutcome): BulkLineDone => ({
  username: outcome.line.username,
  chargedCents: outcome.chargedCents,
});

/**
 * One line of a bulk action, done by the single-line service of its action (decision 0150), inside the
 * bulk line's transaction: the same scope check, rules, refusal messages, price, ledger and log rows as
 * the row action. Whatever it refuses it throws, and the transaction leaves the line untouched.
 */
export async function doBulkLineAction(
  tx: Transaction,
  caller: Caller,
  action: BulkAction,
  lineId: number,
  context: BulkLineContext,
): Promise<BulkLineDone> {
  const cutter = {
    cut: (ids: readonly number[]) => {
      context.ended.push(...ids);
      return Promise.resolve();
    },
  };
  switch (action.kind) {
    case 'renew_month':
      return done(await renewOneMonth(tx, caller, lineId, { convertTrial: action.convert_trial === true }));
    case 'renew_package':
      return done(
        await renewByPackage(tx, caller, lineId, action.package_id, {
          convertTrial: action.convert_trial === true,
        }),
      );
    case 'block':
    case 'unblock':
      return done(await setLineEnabled(tx, caller, lineId, action.kind === 'block' ? 0 : 1, cutter));
    case 'bouquets':
      return done(
        await editLine(tx, caller, lineId, {
          bouquet: action.bouquet,
          reseller_notes: undefined,
          as_number: undefined,
        }),
      );
    case 'move':
      return done(await moveLine(tx, caller, lineId, action.reseller_id));
    case 'delete': {
      const { line } = await requireLineRecordInScope(tx, caller, lineId);
      await deleteLine(tx, caller, lineId, cutter);
      return { username: line.username, chargedCents: 0 };
    }
    case 'renewal_message': {
      const message = await context.renewalMessage(tx, caller, lineId);
      return {
        username: message.username,
        chargedCents: 0,
        link: whatsAppUrl(message.phone ?? '', message.text),
        phone: message.phone,
      };
    }
  }
}
