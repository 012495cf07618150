import {
  NO_PERMISSION,
  type AdminList,
  type CaseAdminRow,
  type CaseForm,
  type NewsAdminRow,
  type NewsDetail,
  type NewsForm,
  type NotifySettingsInput,
  type PreviewLinks,
  type ReviewFields,
  type ReviewRow,
  type RevisionList,
} from '@site/shared-types';
import { PublishSchedule } from '../../src/content/editing/publish-schedule.js';
import { CasesAdminService } from '../../src/content/cases/cases.admin.service.js';
import { ALREADY_PENDING, NOT_PENDING, REVIEW_MOVED_ON } from '../../src/content/editing/item-review.js';
import { adminCall, login } from '../support/admin-session.js';
import { ok, refused } from '../support/envelope.js';
import { eventually, TestRobot, TestSmtp } from '../support/lead-receivers.js';
import { createAccount, signedIn, type TestAccount } from '../support/team.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Review before publishing (docs/behaviour.md#review-before-publishing): a contributor writes drafts of their own
 * only and submits them; an editor returns or approves them; each step is a revision; a contributor's change of a
 * live item stays off the public page until approved; the editors hear of each submission on the notify channels.
 */
let t: TestApp;
let owner: string;
let writer: TestAccount;
const writerName = `writer${Math.random().toString(36).slice(2, 6)}`;
let contributor: string;
let editorAccount: TestAccount;
let editor: string;
let otherWriter: string;
const smtp = new TestSmtp();
const robot = new TestRobot();

beforeAll(async () => {
  await smtp.start();
  await robot.start();
  t = await createTestApp({
    LEAD_NOTIFY_RETRY_MS: '50',
    LEAD_NOTIFY_TIMEOUT_MS: '3000',
    LEAD_NOTIFY_WEBHOOK_ORIGINS: robot.origin,
    PUBLIC_URL: 'https://www.yunfan.test',
  });
  owner = await login(t);
  writer = await createAccount(t, 'contributor', writerName);
  contributor = await signedIn(t, writer);
  editorAccount = await createAccount(t, 'editor');
  editor = await signedIn(t, editorAccount);
  otherWriter = await signedIn(t, await createAccount(t, 'contributor', 'other'));
  const settings: NotifySettingsInput = {
    email: {
      enabled: true,
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      user: smtp.account.user,
      password: smtp.account.password,
      from: '',
      to: ['editors@yunfan.test'],
    },
    wecom: { enabled: true, url: `${robot.origin}/wecom?key=abcd1234` },
    dingtalk: { enabled: false, url: '', secret: '' },
  };
  ok(await adminCall(t, owner, '/api/savenotifysettings', settings));
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
  await robot.stop();
});

const as =
  (token: string) =>
  (path: string, body: object = {}) =>
    adminCall(t, token, path, body);
const inAnHour = () => new Date(Date.now() + 3600_000);
const beijing = (date: Date) => `${new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
const unique = () => Math.random().toString(36).slice(2, 8);

/** A new case's or article's form, from a seeded one the owner reads. */
async function caseForm(changes: Partial<CaseForm> = {}) {
  const [first] = await t.sql<{ id: number }>('SELECT id FROM "case" WHERE deleted_at IS NULL ORDER BY id LIMIT 1');
  const base = ok<CaseForm>(await as(owner)('/api/getcase', { caseid: first!.id }));
  const { status: _s, publish_at: _p, create_time: _d, review: _r, review_comment: _c, ...fields } = base;
  return { ...fields, id: 0, name: `投稿案例${unique()}`, ...changes };
}

async function newsForm(changes: Partial<NewsForm> = {}) {
  const [first] = await t.sql<{ id: number }>('SELECT id FROM news WHERE deleted_at IS NULL ORDER BY id LIMIT 1');
  const base = ok<NewsForm>(await as(owner)('/api/getnews', { newsid: first!.id }));
  const { status: _s, publish_at: _p, create_time: _d, review: _r, review_comment: _c, ...fields } = base;
  return { ...fields, id: 0, title: `投稿文章${unique()}`, ...changes };
}

const publicNews = async (id: number) => {
  const res = await t.http.post('/api/itemnewscut').send({ case: id });
  return (res.body as { code: number }).code === 0 ? (res.body as { data: NewsDetail }).data : null;
};

describe('a contributor', () => {
  it('should write drafts of their own only, whatever state they ask for', async () => {
    const call = as(contributor);
    const id = ok<{ id: number }>(await call('/api/amendcase', await caseForm({ status: 'published' }))).id;
    const form = ok<CaseForm & ReviewFields>(await call('/api/getcase', { caseid: id }));
    expect(form).toMatchObject({ id, status: 'draft', publish_at: null, review: null, review_comment: '' });
    const [row] = await t.sql<{ author_id: number }>('SELECT author_id FROM "case" WHERE id = $1', [id]);
    expect(row!.author_id).toBe(writer.id);
    const scheduled = { ...(await caseForm()), status: 'scheduled', publish_at: beijing(inAnHour()) };
    const later = ok<{ id: number }>(await call('/api/amendcase', scheduled)).id;
    expect(ok<CaseForm>(await call('/api/getcase', { caseid: later }))).toMatchObject({ status: 'draft' });
    expect((await t.http.post('/api/details').send({ case: id })).body.code).not.toBe(0);

    // Their list: their own cases only, with every menu and tab still offered.
    const list = ok<AdminList<CaseAdminRow>>(await call('/api/case', {}));
    expect(list.list.data.map((c) => c.id).sort()).toEqual([id, later].sort());
    expect(list.list.data[0]).toMatchObject({ status: 'draft', review: null });
    expect(list.menu.length).toBeGreaterThan(0);
    expect(list.classic.length).toBeGreaterThan(0);
    const everybody = ok<AdminList<CaseAdminRow>>(await as(editor)('/api/case', {}));
    expect(everybody.list.total).toBeGreaterThan(2);
    expect(ok<AdminList<CaseAdminRow>>(await as(otherWriter)('/api/case', {})).list.total).toBe(0);

    // The editor who creates a case is its author too.
    const byEditor = ok<{ id: number }>(await as(editor)('/api/amendcase', await caseForm({ status: 'draft' }))).id;
    const [edited] = await t.sql<{ author_id: number }>('SELECT author_id FROM "case" WHERE id = $1', [byEditor]);
    expect(edited!.author_id).toBe(editorAccount.id);
  });

  it("should not see nor change another's items, nor delete", async () => {
    const [seeded] = await t.sql<{ id: number; name: string }>(
      'SELECT id, name FROM "case" WHERE deleted_at IS NULL ORDER BY id LIMIT 1',
    );
    const call = as(contributor);
    const gone = '案例不存在或已删除';
    expect(refused(await call('/api/getcase', { caseid: seeded!.id }), 1)).toBe(gone);
    expect(refused(await call('/api/amendcase', { ...(await caseForm()), id: seeded!.id }), 1)).toBe(gone);
    expect(refused(await call('/api/preview', { kind: 'case', id: seeded!.id }), 1)).toBe(gone);
    expect(refused(await call('/api/submitreview', { kind: 'case', id: seeded!.id }), 1)).toBe(gone);
    expect(refused(await call('/api/revisions', { kind: 'case', id: seeded!.id }), 1)).toContain('不存在');
    expect(refused(await call('/api/getrevision', { kind: 'case', id: seeded!.id, number: 1 }), 1)).toContain('不存在');
    expect(refused(await call('/api/revisions', { kind: 'header' }), 3)).toBe(NO_PERMISSION);
    expect(refused(await call('/api/deletecase', { id: seeded!.id }), 3)).toBe(NO_PERMISSION);
    expect(refused(await call('/api/reviews'), 3)).toBe(NO_PERMISSION);
    expect(refused(await call('/api/approvereview', { kind: 'case', id: seeded!.id, status: 'published' }), 3)).toBe(
      NO_PERMISSION,
    );
    const [after] = await t.sql<{ name: string }>('SELECT name FROM "case" WHERE id = $1', [seeded!.id]);
    expect(after!.name).toBe(seeded!.name);

    // Another contributor's draft is as absent to them.
    const mine = ok<{ id: number }>(await call('/api/amendnews', await newsForm())).id;
    expect(refused(await as(otherWriter)('/api/getnews', { newsid: mine }), 1)).toBe('文章不存在或已删除');
    expect(refused(await as(otherWriter)('/api/amendnews', { ...(await newsForm()), id: mine }), 1)).toBe(
      '文章不存在或已删除',
    );
  });
});

describe('review of an article', () => {
  let id: number;
  let title: string;

  it('should go from draft to submitted, returned, fixed, approved on time, with every step a revision', async () => {
    const call = as(contributor);
    const form = await newsForm();
    title = form.title;
    id = ok<{ id: number }>(await call('/api/amendnews', form)).id;
    const submitted = await call('/api/submitreview', { kind: 'news', id });
    ok(submitted);
    expect(submitted.body.msg).toBe('已提交审核');
    expect(refused(await call('/api/submitreview', { kind: 'news', id }), 1)).toBe(ALREADY_PENDING);
    expect(ok<NewsForm & ReviewFields>(await call('/api/getnews', { newsid: id }))).toMatchObject({
      status: 'draft',
      review: 'pending',
    });

    // The editors hear of it: the outbox's review kind, then the mail and the robot.
    const queued = await t.sql<{ lane: string; key: string }>(
      `SELECT lane, key FROM outbox WHERE kind = 'review' AND key LIKE $1 ORDER BY lane`,
      [`news:${id}:%`],
    );
    const delivered = await t.sql(`SELECT 1 FROM outbox_log WHERE kind = 'review' AND entry->>'key' LIKE $1`, [
      `news:${id}:%`,
    ]);
    expect(queued.length + delivered.length).toBeGreaterThan(0);
    const subject = `待审核：${title}（${writerName}）`;
    await eventually(() => smtp.mails.some((m) => m.parsed.subject === subject), 'the review mail');
    await eventually(() => robot.texts('/wecom').some((text) => text.includes(subject)), 'the WeCom notice');
    const mail = smtp.mails.find((m) => m.parsed.subject === subject)!;
    expect(mail.parsed.text).toContain('https://www.yunfan.test/admin/index/article');

    // Waiting for an editor, oldest first; the editor previews it.
    const waiting = ok<ReviewRow[]>(await as(editor)('/api/reviews'));
    expect(waiting.find((row) => row.kind === 'news' && row.id === id)).toMatchObject({
      title,
      author: writerName,
      live: false,
      submitted_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    const links = ok<PreviewLinks>(await as(editor)('/api/preview', { kind: 'news', id }));
    expect((await t.http.get(links.desktop)).text).toContain(title);

    // Returned with a comment (required, at most 500 characters).
    expect(refused(await as(editor)('/api/returnreview', { kind: 'news', id, comment: ' ' }), 2)).toContain('退回意见');
    expect(
      refused(await as(editor)('/api/returnreview', { kind: 'news', id, comment: '长'.repeat(501) }), 2),
    ).toContain('500');
    const comment = '标题请写得更具体一些';
    ok(await as(editor)('/api/returnreview', { kind: 'news', id, comment }));
    expect(refused(await as(editor)('/api/returnreview', { kind: 'news', id, comment }), 1)).toBe(NOT_PENDING);
    expect(refused(await as(editor)('/api/approvereview', { kind: 'news', id, status: 'published' }), 1)).toBe(
      NOT_PENDING,
    );
    expect(ok<ReviewRow[]>(await as(editor)('/api/reviews')).some((row) => row.id === id && row.kind === 'news')).toBe(
      false,
    );

    // The writer sees the comment on the draft and in the list, fixes it (the comment stays) and submits again.
    expect(ok<NewsForm & ReviewFields>(await call('/api/getnews', { newsid: id }))).toMatchObject({
      review: 'returned',
      review_comment: comment,
    });
    const rows = ok<AdminList<NewsAdminRow>>(await call('/api/news', {})).list.data;
    expect(rows.find((row) => row.id === id)).toMatchObject({ review: 'returned' });
    title = `${title}（修改）`;
    ok(await call('/api/amendnews', { ...form, id, title }));
    expect(ok<NewsForm & ReviewFields>(await call('/api/getnews', { newsid: id }))).toMatchObject({
      title,
      review: 'returned',
      review_comment: comment,
    });
    ok(await call('/api/submitreview', { kind: 'news', id }));
    expect(ok<NewsForm & ReviewFields>(await call('/api/getnews', { newsid: id }))).toMatchObject({
      review: 'pending',
      review_comment: '',
    });

    // Approved as scheduled: refused without a time, then public when due.
    expect(refused(await as(editor)('/api/approvereview', { kind: 'news', id, status: 'scheduled' }), 2)).toBe(
      '定时发布需要填写发布时间',
    );
    const approved = await as(editor)('/api/approvereview', {
      kind: 'news',
      id,
      status: 'scheduled',
      publish_at: beijing(inAnHour()),
    });
    ok(approved);
    expect(ok<NewsForm & ReviewFields>(await as(editor)('/api/getnews', { newsid: id }))).toMatchObject({
      status: 'scheduled',
      review: null,
      title,
    });
    expect(await publicNews(id)).toBeNull();
    await t.sql(`UPDATE news SET publish_at = now() - interval '1 second' WHERE id = $1`, [id]);
    await t.app.get(PublishSchedule).publishDue();
    expect((await publicNews(id))?.title).toBe(title);

    // The history: who did what, newest first.
    const history = ok<RevisionList>(await call('/api/revisions', { kind: 'news', id }));
    expect(history.list.map((r) => [r.action, r.author, r.note])).toEqual([
      ['approve', editorAccount.email, ''],
      ['submit', writer.email, ''],
      ['save', writer.email, ''],
      ['return', editorAccount.email, comment],
      ['submit', writer.email, ''],
      ['save', writer.email, ''],
    ]);
  });

  it("should keep a contributor's change of the live article off the public page until approved", async () => {
    const call = as(contributor);
    const live = ok<NewsForm>(await call('/api/getnews', { newsid: id }));
    const changed = `${title}（第二版）`;
    ok(await call('/api/amendnews', { ...live, title: changed, status: 'published' }));
    expect((await publicNews(id))?.title).toBe(title);
    expect(ok<NewsForm & ReviewFields>(await call('/api/getnews', { newsid: id }))).toMatchObject({
      title: changed,
      status: 'published',
      review: 'pending',
    });
    expect(ok<NewsForm>(await as(editor)('/api/getnews', { newsid: id })).title).toBe(title);
    const waiting = ok<ReviewRow[]>(await as(editor)('/api/reviews')).find((r) => r.kind === 'news' && r.id === id);
    expect(waiting).toMatchObject({ title: changed, live: true });

    // The preview shows the change; the public page stays as it was.
    const links = ok<PreviewLinks>(await call('/api/preview', { kind: 'news', id }));
    expect((await t.http.get(links.desktop)).text).toContain(changed);
    expect((await t.http.get(`/news/${id}.html`)).text).not.toContain(changed);

    ok(await as(editor)('/api/approvereview', { kind: 'news', id, status: 'published' }));
    expect((await publicNews(id))?.title).toBe(changed);
    expect(ok<NewsForm & ReviewFields>(await call('/api/getnews', { newsid: id }))).toMatchObject({
      title: changed,
      status: 'published',
      review: null,
    });
    const history = ok<RevisionList>(await call('/api/revisions', { kind: 'news', id }));
    expect(history.list.slice(0, 2).map((r) => [r.action, r.author])).toEqual([
      ['approve', editorAccount.email],
      ['submit', writer.email],
    ]);
    // Nothing changed since: nothing to submit.
    expect(refused(await call('/api/submitreview', { kind: 'news', id }), 1)).toContain('没有需要提交的修改');
  });
});

describe('an item under review', () => {
  it("should leave review when its contributor saves it again, and end it at an editor's save", async () => {
    const call = as(contributor);
    const form = await caseForm();
    const id = ok<{ id: number }>(await call('/api/amendcase', form)).id;
    ok(await call('/api/submitreview', { kind: 'case', id }));
    ok(await call('/api/amendcase', { ...form, id, intro: '改了简介' }));
    expect(ok<CaseForm & ReviewFields>(await call('/api/getcase', { caseid: id })).review).toBeNull();

    ok(await call('/api/submitreview', { kind: 'case', id }));
    ok(await as(editor)('/api/amendcase', { ...form, id, status: 'draft' }));
    expect(ok<CaseForm & ReviewFields>(await call('/api/getcase', { caseid: id })).review).toBeNull();
    expect(ok<ReviewRow[]>(await as(editor)('/api/reviews')).some((r) => r.kind === 'case' && r.id === id)).toBe(false);
    expect(refused(await as(editor)('/api/approvereview', { kind: 'case', id, status: 'published' }), 1)).toBe(
      NOT_PENDING,
    );
  });

  it('should not approve a change submitted after the one the editor reviewed', async () => {
    const call = as(contributor);
    const form = await caseForm();
    const id = ok<{ id: number }>(await call('/api/amendcase', form)).id;
    ok(await call('/api/submitreview', { kind: 'case', id }));
    const [waiting] = ok<ReviewRow[]>(await as(editor)('/api/reviews')).filter((r) => r.kind === 'case' && r.id === id);
    const seen = ok<{ document: CaseForm }>(
      await as(editor)('/api/getrevision', { kind: 'case', id, number: waiting!.revision }),
    );
    // Meanwhile the writer takes it back, changes it and submits again: a later revision is under review.
    ok(await call('/api/amendcase', { ...form, id, intro: '审核期间又改了' }));
    ok(await call('/api/submitreview', { kind: 'case', id }));
    const approval = t.app
      .get(CasesAdminService)
      .approveReviewed(
        id,
        { form: seen.document, number: waiting!.revision },
        { status: 'published' },
        { userId: editorAccount.id, role: 'editor' },
      );
    await expect(approval).rejects.toThrow(REVIEW_MOVED_ON);
    const [row] = await t.sql<{ status: string; review: string }>('SELECT status, review FROM "case" WHERE id = $1', [
      id,
    ]);
    expect(row).toEqual({ status: 'draft', review: 'pending' });
  });
});
