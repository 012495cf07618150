import type { NotifyChannel } from '@site/shared-types';
import type { ReviewSubmission } from '../../content/editing/review-notices.js';
import type { NewOutboxRow } from '../../core/outbox/outbox.queries.js';
import { query, type Sql } from '../../core/sql.js';

/** What the editors' notice of a submission says: a copy taken when it was submitted. */
export interface ReviewPayload {
  kind: ReviewSubmission['kind'];
  id: number;
  revision: number;
  title: string;
  /** The submitter's name, or their e-mail when they have none. */
  author: string;
  /** `yyyy-MM-dd HH:mm`, UTC+8. */
  time: string;
}

/**
 * The submission's notice for the outbox, and the channels it goes to: every channel enabled in 通知设置. The title
 * is the one under review (a change of a published item may rename it).
 */
export async function reviewDeliveries(
  db: Sql,
  submission: ReviewSubmission,
): Promise<Array<NewOutboxRow<ReviewPayload>>> {
  const title = submission.kind === 'case' ? 'name' : 'title';
  const rows = await query<{ channel: NotifyChannel; payload: ReviewPayload }>(
    db,
    `SELECT c.channel, jsonb_build_object('kind', r.kind, 'id', r.item_id, 'revision', r.number,
       'title', coalesce(r.document->>'${title}', ''), 'author', coalesce(nullif(a.name, ''), a.email, ''),
       'time', to_char(r.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI')) AS payload
     FROM revision r LEFT JOIN admin_user a ON a.id = r.author_id CROSS JOIN notify_channel c
     WHERE r.kind = $1 AND r.item_id = $2 AND r.number = $3 AND c.enabled ORDER BY c.channel`,
    [submission.kind, submission.id, submission.revision],
  );
  const key = `${submission.kind}:${submission.id}:${submission.revision}`;
  return rows.map((row) => ({ lane: row.channel, key, payload: row.payload }));
}
