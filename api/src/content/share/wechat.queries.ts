import { execute, queryOne, type Sql } from '../../core/sql.js';

export type CredentialKind = 'access_token' | 'jsapi_ticket';

export interface CredentialRow {
  value: string;
  /** Milliseconds since the epoch. */
  expires_at: number;
}

/** A credential of this official account that is still good (`expires_at`: when it is to be renewed). */
export function findCredential(db: Sql, kind: CredentialKind, appId: string): Promise<CredentialRow | undefined> {
  return queryOne<CredentialRow>(
    db,
    `SELECT value, (extract(epoch FROM expires_at) * 1000)::float8 AS expires_at FROM wechat_credential
     WHERE kind = $1 AND app_id = $2 AND expires_at > now()`,
    [kind, appId],
  );
}

export function saveCredential(
  db: Sql,
  kind: CredentialKind,
  appId: string,
  value: string,
  expiresAt: Date,
): Promise<number> {
  return execute(
    db,
    `INSERT INTO wechat_credential (kind, app_id, value, expires_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (kind) DO UPDATE SET app_id = EXCLUDED.app_id, value = EXCLUDED.value, expires_at = EXCLUDED.expires_at`,
    [kind, appId, value, expiresAt],
  );
}

export function forgetCredential(db: Sql, kind: CredentialKind): Promise<number> {
  return execute(db, 'DELETE FROM wechat_credential WHERE kind = $1', [kind]);
}
