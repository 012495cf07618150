import type {
  AdminList,
  AdminListRequest,
  AmendResult,
  CaseAdminRow,
  CaseForm,
  IdRequest,
  KeywordRecord,
  LoginData,
  LoginRequest,
  Message,
  MessageReadRequest,
  ModificationRequest,
  NewsAdminRow,
  NewsCategoryLink,
  NewsForm,
  UploadData,
} from '@site/shared-types';
import { api } from '@site/platform';

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
    updateKeyword: build.mutation<null, { id: number; content: string }>({
      query: (body) => ({ path: '/api/KeyswordsUpdate', method: 'POST', body }),
      invalidatesTags: ['Keywords'],
    }),
    adminKeywords: build.query<KeywordRecord[], void>({
      query: () => ({ path: '/api/keyswords', method: 'POST', body: {} }),
      providesTags: ['Keywords'],
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
    upload: build.mutation<UploadData, File>({
      query: (file) => {
        const form = new FormData();
        form.append('file', file);
        return { path: '/api/uploader', method: 'POST', body: form };
      },
    }),
  }),
});
