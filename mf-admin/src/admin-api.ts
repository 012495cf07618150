import type { AdminApi, AdminPath, FileUpload } from '@site/shared-types';
import { api, type ApiRequest } from '@site/platform';

type Body<P extends AdminPath> = AdminApi[P]['body'];
type Data<P extends AdminPath> = AdminApi[P]['data'];
/** What the browser sends for a body: a `FormData` where the table names a file upload. */
type Sent<B> = B extends FileUpload<string> ? FormData : B;

// Every admin call is a POST, so `call` needs no method; a GET in the table would fail here.
const _allPost: AdminApi[AdminPath]['method'] extends 'POST' ? true : never = true;

/** A request for a back-office call; the path's entry in `AdminApi` fixes the body's type. */
function call<P extends AdminPath>(path: P, body?: Sent<Body<P>>): ApiRequest {
  return { path, method: 'POST', body };
}

/** The site blocks the back office edits, by the name of their admin screen, and the calls that read and save them. */
const BLOCK_CALLS = {
  header: { get: '/api/getheader', amend: '/api/amendheader' },
  footer: { get: '/api/getfooter', amend: '/api/amendfooter' },
  index: { get: '/api/gethome', amend: '/api/amendhome' },
  about: { get: '/api/getabout', amend: '/api/amendabout' },
  relation: { get: '/api/getrelation', amend: '/api/amendrelation' },
} as const satisfies Record<string, { get: AdminPath; amend: AdminPath }>;

export type BlockName = keyof typeof BLOCK_CALLS;
export type AdminBlocks = { [K in BlockName]: Data<(typeof BLOCK_CALLS)[K]['get']> };

/** Where CKEditor sends the pictures of a rich text (its own upload adapter posts there, with `?token=`). */
export const EDITOR_UPLOAD_PATH = '/api/uploaders' satisfies AdminPath;

export interface UploadRequest {
  file: File;
  /** 0–100 while the file is sent. */
  onProgress?: (percent: number) => void;
}

/**
 * The back office's calls (docs/behaviour.md#admin-calls and the additions in docs/decisions.md), added to the one API
 * client. The token goes in the `token` header (the platform's base query); code 3 sends the user back to the login.
 *
 * `Release`, `Media`, `Account`, `Session` and `Audit` are the back office's own cache tags, added to the platform's
 * list with RTK Query's `addTagTypes` (the platform's code stays as it is): no public page shows releases, the media
 * library or the team, so none of the platform's tags fits.
 */
const tagged = api.enhanceEndpoints({ addTagTypes: ['Release', 'Media', 'Account', 'Session', 'Audit'] });

export const adminApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<Data<'/api/login'>, Body<'/api/login'>>({
      query: (body) => call('/api/login', body),
    }),
    quit: build.mutation<Data<'/api/quit'>, void>({
      query: () => call('/api/quit'),
    }),
    changePassword: build.mutation<Data<'/api/modification'>, Body<'/api/modification'>>({
      query: (body) => call('/api/modification', body),
    }),
    /** Answers the server's msg, which the screen shows (docs/behaviour.md#keywords). */
    updateKeyword: build.mutation<string, Body<'/api/KeyswordsUpdate'>>({
      query: (body) => call('/api/KeyswordsUpdate', body),
      transformResponse: (_data, meta) => meta?.msg ?? '',
      invalidatesTags: ['Keywords'],
    }),
    adminKeywords: build.query<Data<'/api/keyswords'>, void>({
      query: () => call('/api/keyswords'),
      providesTags: ['Keywords'],
    }),
    menus: build.query<Data<'/api/menu'>, Body<'/api/menu'>>({
      query: (body) => call('/api/menu', body),
      providesTags: ['Menu'],
    }),
    getMenu: build.query<Data<'/api/getmenu'>, number>({
      query: (menuid) => call('/api/getmenu', { menuid }),
      providesTags: ['Menu'],
    }),
    amendMenu: build.mutation<Data<'/api/amendmenu'>, Body<'/api/amendmenu'>>({
      query: (body) => call('/api/amendmenu', body),
      invalidatesTags: ['Menu'],
    }),
    deleteMenu: build.mutation<Data<'/api/deletemenu'>, Body<'/api/deletemenu'>>({
      query: (body) => call('/api/deletemenu', body),
      invalidatesTags: ['Menu'],
    }),
    getBlock: build.query<AdminBlocks[BlockName], BlockName>({
      query: (name) => call(BLOCK_CALLS[name].get),
      providesTags: ['Block'],
    }),
    amendBlock: build.mutation<null, { [K in BlockName]: { name: K; value: AdminBlocks[K] } }[BlockName]>({
      query: ({ name, value }) => call(BLOCK_CALLS[name].amend, value),
      invalidatesTags: ['Block'],
    }),
    cases: build.query<Data<'/api/case'>, Body<'/api/case'>>({
      query: (body) => call('/api/case', body),
      providesTags: ['Case'],
    }),
    getCase: build.query<Data<'/api/getcase'>, number>({
      query: (caseid) => call('/api/getcase', { caseid }),
      providesTags: ['Case'],
    }),
    amendCase: build.mutation<Data<'/api/amendcase'>, Body<'/api/amendcase'>>({
      query: (body) => call('/api/amendcase', body),
      invalidatesTags: ['Case'],
    }),
    deleteCase: build.mutation<Data<'/api/deletecase'>, Body<'/api/deletecase'>>({
      query: (body) => call('/api/deletecase', body),
      invalidatesTags: ['Case'],
    }),
    preview: build.mutation<Data<'/api/preview'>, Body<'/api/preview'>>({
      query: (body) => call('/api/preview', body),
    }),
    news: build.query<Data<'/api/news'>, Body<'/api/news'>>({
      query: (body) => call('/api/news', body),
      providesTags: ['News'],
    }),
    getNews: build.query<Data<'/api/getnews'>, number>({
      query: (newsid) => call('/api/getnews', { newsid }),
      providesTags: ['News'],
    }),
    amendNews: build.mutation<Data<'/api/amendnews'>, Body<'/api/amendnews'>>({
      query: (body) => call('/api/amendnews', body),
      invalidatesTags: ['News'],
    }),
    deleteNews: build.mutation<Data<'/api/deletenews'>, Body<'/api/deletenews'>>({
      query: (body) => call('/api/deletenews', body),
      invalidatesTags: ['News'],
    }),
    messages: build.query<Data<'/api/leavewords'>, Body<'/api/leavewords'>>({
      query: (body) => call('/api/leavewords', body),
      providesTags: ['Message'],
    }),
    readMessage: build.mutation<Data<'/api/readleaveword'>, Body<'/api/readleaveword'>>({
      query: (body) => call('/api/readleaveword', body),
      invalidatesTags: ['Message'],
    }),
    deleteMessage: build.mutation<Data<'/api/deleteleaveword'>, Body<'/api/deleteleaveword'>>({
      query: (body) => call('/api/deleteleaveword', body),
      invalidatesTags: ['Message'],
    }),
    /** The side menu's badge on 留言管理: polled, and refetched with the messages. */
    unreadMessages: build.query<Data<'/api/unreadleavewords'>, void>({
      query: () => call('/api/unreadleavewords'),
      providesTags: ['Message'],
    }),
    /** 通知设置 (docs/behaviour.md#lead-notifications); refetched by the screen after each action. */
    notifySettings: build.query<Data<'/api/notifysettings'>, void>({
      query: () => call('/api/notifysettings'),
    }),
    saveNotifySettings: build.mutation<Data<'/api/savenotifysettings'>, Body<'/api/savenotifysettings'>>({
      query: (body) => call('/api/savenotifysettings', body),
    }),
    testNotify: build.mutation<Data<'/api/testnotify'>, Body<'/api/testnotify'>>({
      query: (body) => call('/api/testnotify', body),
    }),
    retryNotify: build.mutation<Data<'/api/retrynotify'>, void>({
      query: () => call('/api/retrynotify'),
    }),
    /** Baidu's link push (docs/behaviour.md#baidu-link-push); refetched by the screen after each action. */
    baiduPushStatus: build.query<Data<'/api/baidupush'>, void>({
      query: () => call('/api/baidupush'),
    }),
    baiduPushUrl: build.mutation<Data<'/api/baidupushurl'>, Body<'/api/baidupushurl'>>({
      query: (body) => call('/api/baidupushurl', body),
    }),
    baiduPushRetry: build.mutation<Data<'/api/baidupushretry'>, Body<'/api/baidupushretry'>>({
      query: (body) => call('/api/baidupushretry', body),
    }),
    /**
     * The recycle bin (docs/behaviour.md#recycle-bin). It shows what the case, article and menu screens deleted, so
     * it is refetched with them; a restore or purge refreshes those screens in turn (no tag of its own: the tag
     * list is the platform's).
     */
    trash: build.query<Data<'/api/trash'>, Body<'/api/trash'>>({
      query: (body) => call('/api/trash', body),
      providesTags: ['Case', 'News', 'Menu'],
    }),
    restoreTrash: build.mutation<Data<'/api/restoretrash'>, Body<'/api/restoretrash'>>({
      query: (body) => call('/api/restoretrash', body),
      invalidatesTags: ['Case', 'News', 'Menu'],
    }),
    purgeTrash: build.mutation<Data<'/api/purgetrash'>, Body<'/api/purgetrash'>>({
      query: (body) => call('/api/purgetrash', body),
      invalidatesTags: ['Case', 'News', 'Menu'],
    }),
    emptyTrash: build.mutation<Data<'/api/emptytrash'>, void>({
      query: () => call('/api/emptytrash'),
      invalidatesTags: ['Case', 'News', 'Menu'],
    }),
    /** The history of a case, an article or a site block (docs/behaviour.md#revisions); saves refetch it. */
    revisions: build.query<Data<'/api/revisions'>, Body<'/api/revisions'>>({
      query: (body) => call('/api/revisions', body),
      providesTags: ['Case', 'News', 'Block'],
    }),
    restoreRevision: build.mutation<Data<'/api/restorerevision'>, Body<'/api/restorerevision'>>({
      query: (body) => call('/api/restorerevision', body),
      invalidatesTags: ['Case', 'News', 'Block'],
    }),
    /**
     * Remote releases (docs/behaviour.md#remote-releases). Every switch refetches the overview, a refused one too
     * (the pointer may have moved meanwhile: the server refuses a switch decided on a stale overview).
     */
    releases: build.query<Data<'/api/releases'>, void>({
      query: () => call('/api/releases'),
      providesTags: ['Release'],
    }),
    activateRelease: build.mutation<Data<'/api/activaterelease'>, Body<'/api/activaterelease'>>({
      query: (body) => call('/api/activaterelease', body),
      invalidatesTags: ['Release'],
    }),
    canaryRelease: build.mutation<Data<'/api/canaryrelease'>, Body<'/api/canaryrelease'>>({
      query: (body) => call('/api/canaryrelease', body),
      invalidatesTags: ['Release'],
    }),
    promoteRelease: build.mutation<Data<'/api/promoterelease'>, Body<'/api/promoterelease'>>({
      query: (body) => call('/api/promoterelease', body),
      invalidatesTags: ['Release'],
    }),
    rollbackRelease: build.mutation<Data<'/api/rollbackrelease'>, Body<'/api/rollbackrelease'>>({
      query: (body) => call('/api/rollbackrelease', body),
      invalidatesTags: ['Release'],
    }),
    /** What real visitors met over the last 7 days (docs/behaviour.md#visitor-experience). */
    vitals: build.query<Data<'/api/vitals'>, void>({
      query: () => call('/api/vitals'),
    }),
    upload: build.mutation<Data<'/api/uploader'>, UploadRequest>({
      query: ({ file, onProgress }) => {
        const form = new FormData();
        form.append('file', file);
        return { ...call('/api/uploader', form), onUploadProgress: onProgress };
      },
      invalidatesTags: ['Media'],
    }),
    /**
     * The media library (docs/behaviour.md#media-library). Where a picture is used changes with every save of a
     * case, an article, a menu or a block, so their saves refetch it too.
     */
    mediaList: build.query<Data<'/api/medialist'>, Body<'/api/medialist'>>({
      query: (body) => call('/api/medialist', body),
      providesTags: ['Media', 'Case', 'News', 'Menu', 'Block'],
    }),
    deleteMedia: build.mutation<Data<'/api/deletemedia'>, Body<'/api/deletemedia'>>({
      query: (body) => call('/api/deletemedia', body),
      invalidatesTags: ['Media'],
    }),
    /**
     * Who is signed in (docs/behaviour.md#accounts-and-roles). Keyed by the session's token, so another sign-in in
     * the same tab never shows the last person's menu; the review count changes with every case and article save.
     */
    me: build.query<Data<'/api/me'>, string>({
      query: () => call('/api/me'),
      providesTags: ['Account', 'Case', 'News'],
    }),
    /** 账号管理: accounts, open invitations and the two-step policy; every change below refetches it. */
    accounts: build.query<Data<'/api/accounts'>, void>({
      query: () => call('/api/accounts'),
      providesTags: ['Account'],
    }),
    inviteAccount: build.mutation<Data<'/api/inviteaccount'>, Body<'/api/inviteaccount'>>({
      query: (body) => call('/api/inviteaccount', body),
      invalidatesTags: ['Account', 'Audit'],
    }),
    cancelInvitation: build.mutation<Data<'/api/cancelinvitation'>, Body<'/api/cancelinvitation'>>({
      query: (body) => call('/api/cancelinvitation', body),
      invalidatesTags: ['Account', 'Audit'],
    }),
    accountRole: build.mutation<Data<'/api/accountrole'>, Body<'/api/accountrole'>>({
      query: (body) => call('/api/accountrole', body),
      invalidatesTags: ['Account', 'Audit'],
    }),
    disableAccount: build.mutation<Data<'/api/disableaccount'>, Body<'/api/disableaccount'>>({
      query: (body) => call('/api/disableaccount', body),
      invalidatesTags: ['Account', 'Audit'],
    }),
    enableAccount: build.mutation<Data<'/api/enableaccount'>, Body<'/api/enableaccount'>>({
      query: (body) => call('/api/enableaccount', body),
      invalidatesTags: ['Account', 'Audit'],
    }),
    transferOwnership: build.mutation<Data<'/api/transferownership'>, Body<'/api/transferownership'>>({
      query: (body) => call('/api/transferownership', body),
      invalidatesTags: ['Account', 'Audit'],
    }),
    resetTwoStep: build.mutation<Data<'/api/resettwostep'>, Body<'/api/resettwostep'>>({
      query: (body) => call('/api/resettwostep', body),
      invalidatesTags: ['Account', 'Audit'],
    }),
    twoStepPolicy: build.mutation<Data<'/api/twosteppolicy'>, Body<'/api/twosteppolicy'>>({
      query: (body) => call('/api/twosteppolicy', body),
      invalidatesTags: ['Account', 'Audit'],
    }),
    /** The invitation page: what the link offers, and accepting it (both without a session). */
    invitation: build.query<Data<'/api/invitation'>, string>({
      query: (token) => call('/api/invitation', { token }),
    }),
    acceptInvitation: build.mutation<Data<'/api/acceptinvitation'>, Body<'/api/acceptinvitation'>>({
      query: (body) => call('/api/acceptinvitation', body),
    }),
    /** 账号安全 (docs/behaviour.md#two-step-sign-in, #signed-in-devices). */
    sessions: build.query<Data<'/api/sessions'>, void>({
      query: () => call('/api/sessions'),
      providesTags: ['Session'],
    }),
    endSession: build.mutation<Data<'/api/endsession'>, Body<'/api/endsession'>>({
      query: (body) => call('/api/endsession', body),
      invalidatesTags: ['Session'],
    }),
    /** A new secret each time: a mutation, never cached. */
    twoStepSetup: build.mutation<Data<'/api/twostepsetup'>, void>({
      query: () => call('/api/twostepsetup'),
    }),
    twoStepEnable: build.mutation<Data<'/api/twostepenable'>, Body<'/api/twostepenable'>>({
      query: (body) => call('/api/twostepenable', body),
      invalidatesTags: ['Account', 'Session'],
    }),
    twoStepDisable: build.mutation<Data<'/api/twostepdisable'>, Body<'/api/twostepdisable'>>({
      query: (body) => call('/api/twostepdisable', body),
      invalidatesTags: ['Account', 'Session'],
    }),
    recoveryCodes: build.mutation<Data<'/api/recoverycodes'>, Body<'/api/recoverycodes'>>({
      query: (body) => call('/api/recoverycodes', body),
    }),
    /**
     * What waits for review (editors and above): the side menu counts it per kind. The argument is the count
     * `/api/me` last gave, so a change there reads the list again.
     */
    reviews: build.query<Data<'/api/reviews'>, number>({
      query: () => call('/api/reviews'),
      providesTags: ['Case', 'News'],
    }),
    /** 操作日志 (docs/behaviour.md#audit-trail): one page of records with the filters' choices. */
    auditLog: build.query<Data<'/api/auditlog'>, Body<'/api/auditlog'>>({
      query: (body) => call('/api/auditlog', body),
      providesTags: ['Audit'],
    }),
  }),
});
