import type {
  AboutData,
  AdminList,
  AdminListRequest,
  AmendResult,
  CaseAdminRow,
  CaseForm,
  ContactData,
  FooterData,
  HeaderBlock,
  HomeBlock,
  IdRequest,
  KeywordRecord,
  LoginData,
  LoginRequest,
  MenuForm,
  MenuNode,
  MenuOption,
  Message,
  MessageReadRequest,
  ModificationRequest,
  NewsAdminRow,
  NewsCategoryLink,
  NewsForm,
  UploadData,
} from '@site/shared-types';
import { api } from '@site/platform';

/** The site blocks the back office edits, by the name of their admin screen (spec §2 children). */
export interface AdminBlocks {
  header: HeaderBlock;
  footer: FooterData;
  index: HomeBlock;
  about: AboutData;
  relation: ContactData;
}
export type BlockName = keyof AdminBlocks;

/** The calls behind each screen: `get<call>` reads the block, `amend<call>` replaces it. */
const BLOCK_CALLS: Record<BlockName, string> = {
  header: 'header',
  footer: 'footer',
  index: 'home',
  about: 'about',
  relation: 'relation',
};

export interface UploadRequest {
  file: File;
  /** 0–100 while the file is sent. */
  onProgress?: (percent: number) => void;
}

/**
 * The back office's calls (spec §7 "Admin" and the additions in docs/decisions.md), added to the one API client.
 * The token goes in the `token` header (the platform's base query); code 3 sends the user back to the login.
 */
export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginData, LoginRequest>({
      query: (body) => ({ path: '/api/login', method: 'POST', body }),
    }),
    quit: build.mutation<null, void>({
      query: () => ({ path: '/api/quit', method: 'POST', body: {} }),
    }),
    changePassword: build.mutation<null, ModificationRequest>({
      query: (body) => ({ path: '/api/modification', method: 'POST', body }),
    }),
    /** Answers the server's msg, which the screen shows (spec §8). */
    updateKeyword: build.mutation<string, { id: number; content: string }>({
      query: (body) => ({ path: '/api/KeyswordsUpdate', method: 'POST', body }),
      transformResponse: (_data, meta) => meta?.msg ?? '',
      invalidatesTags: ['Keywords'],
    }),
    adminKeywords: build.query<KeywordRecord[], void>({
      query: () => ({ path: '/api/keyswords', method: 'POST', body: {} }),
      providesTags: ['Keywords'],
    }),
    menus: build.query<AdminList<MenuNode, MenuOption>, AdminListRequest>({
      query: (body) => ({ path: '/api/menu', method: 'POST', body }),
      providesTags: ['Menu'],
    }),
    getMenu: build.query<MenuForm, number>({
      query: (menuid) => ({ path: '/api/getmenu', method: 'POST', body: { menuid } }),
      providesTags: ['Menu'],
    }),
    amendMenu: build.mutation<AmendResult, MenuForm>({
      query: (body) => ({ path: '/api/amendmenu', method: 'POST', body }),
      invalidatesTags: ['Menu'],
    }),
    deleteMenu: build.mutation<null, IdRequest>({
      query: (body) => ({ path: '/api/deletemenu', method: 'POST', body }),
      invalidatesTags: ['Menu'],
    }),
    getBlock: build.query<AdminBlocks[BlockName], BlockName>({
      query: (name) => ({ path: `/api/get${BLOCK_CALLS[name]}`, method: 'POST', body: {} }),
      providesTags: ['Block'],
    }),
    amendBlock: build.mutation<null, { [K in BlockName]: { name: K; value: AdminBlocks[K] } }[BlockName]>({
      query: ({ name, value }) => ({ path: `/api/amend${BLOCK_CALLS[name]}`, method: 'POST', body: value }),
      invalidatesTags: ['Block'],
    }),
    cases: build.query<AdminList<CaseAdminRow>, AdminListRequest>({
      query: (body) => ({ path: '/api/case', method: 'POST', body }),
      providesTags: ['Case'],
    }),
    getCase: build.query<CaseForm, number>({
      query: (caseid) => ({ path: '/api/getcase', method: 'POST', body: { caseid } }),
      providesTags: ['Case'],
    }),
    amendCase: build.mutation<AmendResult, CaseForm>({
      query: (body) => ({ path: '/api/amendcase', method: 'POST', body }),
      invalidatesTags: ['Case'],
    }),
    deleteCase: build.mutation<null, IdRequest>({
      query: (body) => ({ path: '/api/deletecase', method: 'POST', body }),
      invalidatesTags: ['Case'],
    }),
    news: build.query<AdminList<NewsAdminRow, NewsCategoryLink>, AdminListRequest>({
      query: (body) => ({ path: '/api/news', method: 'POST', body }),
      providesTags: ['News'],
    }),
    getNews: build.query<NewsForm, number>({
      query: (newsid) => ({ path: '/api/getnews', method: 'POST', body: { newsid } }),
      providesTags: ['News'],
    }),
    amendNews: build.mutation<AmendResult, NewsForm>({
      query: (body) => ({ path: '/api/amendnews', method: 'POST', body }),
      invalidatesTags: ['News'],
    }),
    deleteNews: build.mutation<null, IdRequest>({
      query: (body) => ({ path: '/api/deletenews', method: 'POST', body }),
      invalidatesTags: ['News'],
    }),
    messages: build.query<AdminList<Message>, AdminListRequest>({
      query: (body) => ({ path: '/api/leavewords', method: 'POST', body }),
      providesTags: ['Message'],
    }),
    readMessage: build.mutation<null, MessageReadRequest>({
      query: (body) => ({ path: '/api/readleaveword', method: 'POST', body }),
      invalidatesTags: ['Message'],
    }),
    deleteMessage: build.mutation<null, IdRequest>({
      query: (body) => ({ path: '/api/deleteleaveword', method: 'POST', body }),
      invalidatesTags: ['Message'],
    }),
    upload: build.mutation<UploadData, UploadRequest>({
      query: ({ file, onProgress }) => {
        const form = new FormData();
        form.append('file', file);
        return { path: '/api/uploader', method: 'POST', body: form, onUploadProgress: onProgress };
      },
    }),
  }),
});
