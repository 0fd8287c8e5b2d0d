// The one way the workspace changes something that is not the catalogue (promotions, customers, settings):
// the change and its audit entry commit together or not at all. Unlike CatalogueChanges it bumps no
// catalogue version, since none of these are in the catalogue's cached answers; each says in its own
// service how its readers see the change at once.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AuditChange, AuditLog } from './audit-log.ts';
import type { Actor } from './workspace-access.ts';

export interface RecordedWrite<T> {
  result: T;
  change: AuditChange;
}

export class RecordedChanges {
  constructor(
    private db: Kysely<Database>,
    private audit: AuditLog,
  ) {}

  async run<T>(
    webstoreId: string,
    actor: Actor,
    write: (trx: Transaction<Database>) => Promise<RecordedWrite<T>>,
  ): Promise<T> {
    const [auditId] = await this.audit.reserveIds(1);
    return this.db.transaction().execute(async (trx) => {
      const done = await write(trx);
      await this.audit.recordChange(trx, webstoreId, auditId!, actor, done.change);
      return done.result;
    });
  }
}
