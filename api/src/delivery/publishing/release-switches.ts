import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ReleaseAction, RemoteName } from '@site/shared-types';
import { DataSource } from 'typeorm';
import { failure } from '../../core/api.exception.js';
import type { AuditAction } from '../../core/audit/audit-actions.js';
import { AuditRecorder } from '../../core/audit/audit-recorder.js';
import { findAdminEmail } from '../../core/auth/auth.queries.js';
import { RemotesService } from '../releases/remotes.service.js';
import { ReleaseFiles } from '../releases/release-files.js';
import { ReleaseStore, ReleaseUnavailable } from '../releases/release-store.js';
import { ReleaseGate } from './release-gate.js';
import {
  findPointer,
  insertEvent,
  lockPointer,
  pruneVisitors,
  resetStats,
  writePointer,
  type EventInput,
  type PointerChange,
  type PointerRow,
} from '../releases/release.queries.js';

/** Who switched: an administrator's e-mail, or one of these. */
export const ACTOR = { cli: '命令行', build: '构建', system: '系统' } as const;

/** The audit trail's operation for each switch (an automatic rollback is a rollback the system made). */
const AUDIT_ACTIONS_OF: Partial<Record<ReleaseAction, AuditAction>> = {
  activate: 'release_activate',
  canary: 'release_canary',
  promote: 'release_promote',
  abandon: 'release_abandon',
  rollback: 'release_rollback',
  'auto-rollback': 'release_rollback',
};

/** What one switch writes: the new pointer, its audit entry (if any), and the release whose counts start afresh. */
export interface SwitchDecision {
  pointer: PointerChange;
  event: Omit<EventInput, 'remote'> | null;
  fresh: string | null;
}

/**
 * Switching remote releases (docs/architecture.md "Releases", docs/behaviour.md#remote-releases): activate, canary,
 * promote and roll back, each through the gate, in one transaction with its audit entry, announced to every
 * instance. The build's imports (BuildImports) and a canary's automatic rollback (ReleaseStatsFlush) go through
 * the same switch.
 */
@Injectable()
export class ReleaseSwitches {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly files: ReleaseFiles,
    private readonly store: ReleaseStore,
    private readonly remotes: RemotesService,
    private readonly gate: ReleaseGate,
    private readonly audit: AuditRecorder,
  ) {}

  /** Serves `release` to everyone (ends a canary). */
  async activate(remote: RemoteName, release: string, actor: string): Promise<void> {
    await this.admit(remote, release, actor);
    await this.switch(remote, (row) => {
      if (row.active === release && row.canary === null) throw failure(`${release} 已经是当前版本`);
      return {
        pointer: {
          active: release,
          previous: row.active === release ? row.previous : row.active,
          canary: null,
          canaryPercent: 0,
        },
        event: { action: 'activate', from: row.active, to: release, actor },
        fresh: release,
      };
    });
  }

  /** Serves `release` to `percent` % of visitors, the rest keep the active one. */
  async canary(remote: RemoteName, release: string, percent: number, actor: string): Promise<void> {
    if (!Number.isInteger(percent) || percent < 1 || percent > 99) throw failure('灰度比例必须是 1 到 99 之间的整数');
    await this.admit(remote, release, actor);
    await this.switch(remote, (row) => {
      if (row.active === null) throw failure('还没有当前版本，请直接启用');
      if (row.active === release) throw failure(`${release} 已经是当前版本，不能作为灰度版本`);
      return {
        pointer: { active: row.active, previous: row.previous, canary: release, canaryPercent: percent },
        event: { action: 'canary', from: row.active, to: release, percent, actor },
        fresh: row.canary === release ? null : release,
      };
    });
  }

  /** The canary becomes the active release for everyone. */
  async promote(remote: RemoteName, actor: string): Promise<void> {
    const row = await this.pointerRow(remote);
    if (!row?.canary) throw failure('没有正在灰度的版本');
    // Checked again: the shell may have changed since the canary started.
    await this.admit(remote, row.canary, actor, { smoke: false });
    await this.switch(remote, (locked) => {
      if (locked.canary !== row.canary) throw failure('灰度版本刚刚发生了变化，请刷新后再试');
      return {
        pointer: { active: locked.canary, previous: locked.active, canary: null, canaryPercent: 0 },
        event: { action: 'promote', from: locked.active, to: locked.canary, actor },
        fresh: null,
      };
    });
  }

  /** Ends a running canary; without one, goes back to the release that was active before. */
  async rollback(remote: RemoteName, actor: string): Promise<void> {
    const row = await this.pointerRow(remote);
    if (row?.canary) {
      await this.switch(remote, (locked) => {
        if (!locked.canary) throw failure('灰度版本刚刚发生了变化，请刷新后再试');
        return {
          pointer: { active: locked.active, previous: locked.previous, canary: null, canaryPercent: 0 },
          event: { action: 'abandon', from: locked.canary, to: locked.active, actor },
          fresh: null,
        };
      });
      return;
    }
    const target = row?.previous;
    if (!target) throw failure('没有可以回滚到的上一个版本');
    await this.admit(remote, target, actor);
    await this.switch(remote, (locked) => {
      if (locked.previous !== target || locked.canary) throw failure('版本刚刚发生了变化，请刷新后再试');
      return {
        pointer: { active: target, previous: locked.active, canary: null, canaryPercent: 0 },
        event: { action: 'rollback', from: locked.active, to: target, actor },
        fresh: target,
      };
    });
  }

  /** Who switched a release, for its audit entry: the administrator's e-mail. */
  async actorOf(adminId: number): Promise<string> {
    return (await findAdminEmail(this.db, adminId)) ?? `管理员 #${adminId}`;
  }

  /**
   * One switch: the pointer locked, changed and recorded in one transaction (announced to every instance at
   * commit), the new release's counts started afresh; then this instance reads the pointer at once. `decide`
   * answers `null` when there is nothing to change; answers whether anything was.
   */
  async switch(remote: RemoteName, decide: (row: PointerRow) => SwitchDecision | null): Promise<boolean> {
    const written = await this.db.transaction(async (manager) => {
      const row = await lockPointer(manager, remote);
      const change = decide(row);
      if (!change) return null;
      await writePointer(manager, remote, change.pointer, row);
      if (change.event) {
        await insertEvent(manager, { ...change.event, remote });
        const action = AUDIT_ACTIONS_OF[change.event.action];
        if (action) {
          await this.audit.append(manager, {
            action,
            actorId: null,
            actor: change.event.actor,
            ip: '',
            itemKind: 'release',
            title: `${remote}: ${change.event.from ?? '—'} → ${change.event.to ?? '—'}`.slice(0, 200),
            detail: { remote, from: change.event.from, to: change.event.to, percent: change.event.percent ?? null },
          });
        }
      }
      if (change.fresh) await resetStats(manager, remote, change.fresh);
      await pruneVisitors(manager, remote);
      return change.pointer;
    });
    if (!written) return false;
    await this.afterSwitch(remote, written);
    return true;
  }

  /** This instance serves the new pointer at once; the build is told which releases it must keep. */
  async afterSwitch(
    remote: RemoteName,
    pointer: { active: string | null; previous: string | null; canary: string | null },
  ): Promise<void> {
    await this.remotes.changed();
    const inUse = [pointer.active, pointer.previous, pointer.canary].filter((id): id is string => id !== null);
    await this.files.markInUse(remote, inUse).catch(() => undefined);
  }

  /**
   * The gate, for a release taken into the media store first if it is a build of this machine not stored yet; a
   * refusal is recorded (who tried what) and answered as an envelope error naming every problem. A store or
   * database that cannot be reached now is answered as such, and not recorded.
   */
  private async admit(remote: RemoteName, release: string, actor: string, options = { smoke: true }): Promise<void> {
    let problems: string[];
    try {
      await this.store.importBuild(remote, release);
      problems = await this.gate.problems(remote, release, options);
    } catch (error) {
      if (!(error instanceof ReleaseUnavailable)) throw error;
      if (error.kind === 'transient') throw failure(`${error.reason}，请稍后再试`);
      problems = [error.reason];
    }
    if (problems.length === 0) return;
    const row = await this.pointerRow(remote);
    await insertEvent(this.db, {
      remote,
      action: 'refused',
      from: row?.active ?? null,
      to: release.slice(0, 41),
      actor,
      detail: problems.join('；'),
    }).catch(() => undefined);
    throw failure(`不能启用版本 ${release}：${problems.join('；')}`);
  }

  private pointerRow(remote: RemoteName): Promise<PointerRow | undefined> {
    return findPointer(this.db, remote);
  }
}
