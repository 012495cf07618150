import { ACCESS_LEVELS, type AccessLevel, NO_PERMISSION, ROLES, type Role, roleMay } from '@site/shared-types';
import type { OpenAPIV3 } from 'openapi-types';
import type { Response } from 'supertest';
import { login } from '../support/admin-session.js';
import { createAccount, signedIn } from '../support/team.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The role matrix (docs/behaviour.md#accounts-and-roles): what each admin call needs. The server declares it on
 * each handler (`@Access`, `x-access` in the OpenAPI document); this table is the reviewed copy. A call the
 * document lists without a level, or one missing here, fails the test; so does a level that differs.
 */
const DECLARED: Record<string, AccessLevel> = {
  '/api/quit': 'session',
  '/api/modification': 'session',
  '/api/me': 'session',
  '/api/sessions': 'session',
  '/api/endsession': 'session',
  '/api/twostepsetup': 'session',
  '/api/twostepenable': 'session',
  '/api/twostepdisable': 'session',
  '/api/recoverycodes': 'session',

  '/api/case': 'write',
  '/api/getcase': 'write',
  '/api/amendcase': 'write',
  '/api/news': 'write',
  '/api/getnews': 'write',
  '/api/amendnews': 'write',
  '/api/preview': 'write',
  '/api/uploader': 'write',
  '/api/uploaders': 'write',
  '/api/revisions': 'write',
  '/api/getrevision': 'write',
  '/api/submitreview': 'write',

  '/api/deletecase': 'edit',
  '/api/deletenews': 'edit',
  '/api/restorerevision': 'edit',
  '/api/reviews': 'edit',
  '/api/approvereview': 'edit',
  '/api/returnreview': 'edit',
  '/api/menu': 'edit',
  '/api/getmenu': 'edit',
  '/api/amendmenu': 'edit',
  '/api/deletemenu': 'edit',
  '/api/KeyswordsUpdate': 'edit',
  '/api/getheader': 'edit',
  '/api/amendheader': 'edit',
  '/api/getfooter': 'edit',
  '/api/amendfooter': 'edit',
  '/api/gethome': 'edit',
  '/api/amendhome': 'edit',
  '/api/getabout': 'edit',
  '/api/amendabout': 'edit',
  '/api/getrelation': 'edit',
  '/api/amendrelation': 'edit',
  '/api/medialist': 'edit',
  '/api/deletemedia': 'edit',
  '/api/leavewords': 'edit',
  '/api/unreadleavewords': 'edit',
  '/api/readleaveword': 'edit',
  '/api/exportleavewords': 'edit',
  '/api/deleteleaveword': 'edit',

  '/api/accounts': 'manage',
  '/api/inviteaccount': 'manage',
  '/api/cancelinvitation': 'manage',
  '/api/accountrole': 'manage',
  '/api/disableaccount': 'manage',
  '/api/enableaccount': 'manage',
  '/api/resettwostep': 'manage',
  '/api/twosteppolicy': 'manage',
  '/api/auditlog': 'manage',
  '/api/exportauditlog': 'manage',
  '/api/notifysettings': 'manage',
  '/api/savenotifysettings': 'manage',
  '/api/testnotify': 'manage',
  '/api/retrynotify': 'manage',
  '/api/baidupush': 'manage',
  '/api/baidupushurl': 'manage',
  '/api/baidupushretry': 'manage',
  '/api/trash': 'manage',
  '/api/restoretrash': 'manage',
  '/api/purgetrash': 'manage',
  '/api/emptytrash': 'manage',
  '/api/releases': 'manage',
  '/api/activaterelease': 'manage',
  '/api/canaryrelease': 'manage',
  '/api/promoterelease': 'manage',
  '/api/rollbackrelease': 'manage',
  '/api/vitals': 'manage',

  '/api/transferownership': 'ownership',
};

type Method = 'get' | 'post';
type AccessOperation = OpenAPIV3.OperationObject & { 'x-access'?: string };

let t: TestApp;
let adminCalls: Array<{ method: Method; path: string; level: string | undefined }>;
const tokens = new Map<Role, string>();
const passwords = new Map<Role, { email: string; password: string }>();

beforeAll(async () => {
  t = await createTestApp();
  const document = (await t.http.get('/api/docs/openapi.json')).body as OpenAPIV3.Document;
  adminCalls = Object.entries(document.paths).flatMap(([path, item]) =>
    (['get', 'post'] as const).flatMap((method) => {
      const operation: AccessOperation | undefined = item?.[method];
      const needsToken = operation?.security?.some((requirement) => 'token' in requirement) ?? false;
      return operation && needsToken ? [{ method, path, level: operation['x-access'] }] : [];
    }),
  );
  tokens.set('owner', await login(t));
  for (const role of ROLES.filter((r): r is Exclude<Role, 'owner'> => r !== 'owner')) {
    const account = await createAccount(t, role);
    passwords.set(role, account);
    tokens.set(role, await signedIn(t, account));
  }
});
afterAll(() => t.close());

/** Whether the answer is the role refusal: the envelope's code 3, or the rich-text editor's own error format. */
function refusedForRole(res: Response): boolean {
  const body = res.body as { code?: number; msg?: string; error?: { message?: string } };
  return (body.code === 3 && body.msg === NO_PERMISSION) || body.error?.message === NO_PERMISSION;
}

describe('the role matrix', () => {
  it('should find a declared level on every admin call of the OpenAPI document, as reviewed here', () => {
    expect(adminCalls.length).toBeGreaterThanOrEqual(Object.keys(DECLARED).length);
    const declared = Object.fromEntries(adminCalls.map(({ path, level }) => [path, level]));
    expect(declared).toEqual(DECLARED);
    for (const { level } of adminCalls) expect(ACCESS_LEVELS).toContain(level);
  });

  it.each(ROLES)('should let the %s role make exactly the calls it holds', async (role) => {
    const outcome: Record<string, 'allowed' | 'refused'> = {};
    const expected: Record<string, 'allowed' | 'refused'> = {};
    for (const { method, path, level } of adminCalls) {
      expected[path] = roleMay(role, level as AccessLevel) ? 'allowed' : 'refused';
      const res = await t.http[method](path).set('token', tokens.get(role)!).send({});
      // A call can never answer a server error, whatever the role or the (empty) body.
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      outcome[path] = refusedForRole(res) ? 'refused' : 'allowed';
      // Signing out ends the session the rest of the calls use: sign in again.
      if (path === '/api/quit') {
        const account = passwords.get(role);
        tokens.set(role, account ? await login(t, account.email, account.password) : await login(t));
      }
    }
    expect(outcome).toEqual(expected);
  });

  it('should refuse a disabled account, whatever its role held', async () => {
    const editor = await createAccount(t, 'editor', 'gone');
    const token = await signedIn(t, editor);
    await t.sql('UPDATE admin_user SET disabled_at = now() WHERE id = $1', [editor.id]);
    const res = await t.http.post('/api/menu').set('token', token).send({});
    expect(res.body).toMatchObject({ code: 3 });
  });
});
