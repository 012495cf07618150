import type { SeedKeyword } from '../types.js';

/** The three keyword records that fill the public page meta. */
export function buildKeywords(): SeedKeyword[] {
  return [
    {
      keywords: 'title',
      content: '云帆科技 - 深圳网站建设_微信营销_软件开发_品牌设计',
    },
    {
      keywords: 'keywords',
      content: [
        '深圳网站建设',
        '深圳网站制作',
        '深圳网页设计',
        '营销型网站建设',
        '响应式网站',
        '深圳微信营销',
        '公众号代运营',
        '深圳新媒体营销',
        '视频号运营',
        '小程序开发',
        '深圳APP开发',
        '深圳软件开发',
        '管理系统定制',
        '深圳品牌设计',
        'LOGO设计',
        'VI设计',
      ].join(','),
    },
    {
      keywords: 'description',
      content:
        '云帆科技（深圳市云帆网络科技有限公司）成立于2012年，专注深圳网站建设、网页设计、微信公众号与新媒体营销、小程序与软件开发及品牌设计，为中小企业提供从策划、设计、开发到上线运营的一站式互联网服务。',
    },
  ];
}
