import type { AdminApi, AdminPath } from '@site/shared-types';
import type { ApiRequest } from '@site/platform';
import { adminApi } from '../admin-api';

type Body<P extends AdminPath> = AdminApi[P]['body'];
type Data<P extends AdminPath> = AdminApi[P]['data'];

const call = <P extends AdminPath>(path: P, body: Body<P>): ApiRequest => ({ path, method: 'POST', body });

/**
 * The review calls (docs/behaviour.md#review-before-publishing), added to the back office's API beside the list of
 * what waits (`reviews`, which the side menu counts with). Each changes an item's state, so the case and article
 * lists, the review list and `/api/me`'s count (all tagged `Case`/`News`) are read again, and so is the trail.
 */
export const reviewApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    /** 提交审核: the contributor's saved draft waits for an editor. */
    submitReview: build.mutation<Data<'/api/submitreview'>, Body<'/api/submitreview'>>({
      query: (body) => call('/api/submitreview', body),
      invalidatesTags: ['Case', 'News', 'Audit'],
    }),
    /** 通过: publishes the submitted revision, now or at a time. */
    approveReview: build.mutation<Data<'/api/approvereview'>, Body<'/api/approvereview'>>({
      query: (body) => call('/api/approvereview', body),
      invalidatesTags: ['Case', 'News', 'Audit'],
    }),
    /** 退回: back to the contributor with the editor's comment. */
    returnReview: build.mutation<Data<'/api/returnreview'>, Body<'/api/returnreview'>>({
      query: (body) => call('/api/returnreview', body),
      invalidatesTags: ['Case', 'News', 'Audit'],
    }),
  }),
});
