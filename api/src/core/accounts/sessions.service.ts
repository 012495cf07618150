import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { SessionRow } from '@site/shared-types';
import { DataSource } from 'typeorm';
import { failure } from '../api.exception.js';
import { SESSION_IDLE_MS } from '../auth/auth.constants.js';
import { type AdminIdentity, AuthService } from '../auth/auth.service.js';
import { ACCOUNT_MSG } from './accounts.messages.js';
import { deleteOwnSession, listLiveSessions } from './accounts.queries.js';
import { describeDevice } from './device.js';

/** 登录设备 (docs/behaviour.md#signed-in-devices): the account's own live sessions, and signing one of them out. */
@Injectable()
export class SessionsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly auth: AuthService,
  ) {}

  async list(identity: AdminIdentity): Promise<SessionRow[]> {
    const rows = await listLiveSessions(this.db, identity.userId, identity.tokenHash, SESSION_IDLE_MS);
    return rows.map(({ user_agent, ...row }) => ({ ...row, device: describeDevice(user_agent) }));
  }

  /** Ends one of the account's own live sessions (this one too: that is signing out here). */
  async end(identity: AdminIdentity, id: string): Promise<void> {
    if ((await deleteOwnSession(this.db, identity.userId, id, SESSION_IDLE_MS)) === 0) {
      throw failure(ACCOUNT_MSG.sessionGone);
    }
    this.auth.sessionsEnded();
  }
}
