import { MAP_ZOOM, type SiteBlocks } from '@site/shared-types';

/** What a block reads as before anyone has saved it (a database without the demo content). */
export const EMPTY_BLOCKS: SiteBlocks = {
  header: { logo: { url: '', alt: '' }, banner: [] },
  footer: {
    abouts: [],
    contact: [],
    link: [],
    wechat: { img: '', p1: '', p2: '' },
    information: {
      Copyright: '',
      link: { name: '', site: '' },
      mark: {
        imgs: [
          { img: '', content: '' },
          { img: '', content: '' },
        ],
        mak: '',
      },
    },
    qq: [],
  },
  home: {
    success: { title: '成功案例', intro: '', background: '' },
    dynamic: {
      title: '新闻动态',
      intro: '',
      background: '',
      viewpoint: { title: '行业观点', site: '/itemnews.html', category: 1 },
      extend: { title: '公司动态', site: '/itemnews.html', category: 2 },
    },
    service: [],
    client: [],
  },
  about: {
    profile: { title: '公司简介', subtitle: '', paragraphs: [], img: '' },
    culture: { title: '品牌文化', intro: '', items: [] },
    process: { title: '服务流程', intro: '' },
    honours: { title: '企业荣誉', intro: '', items: [] },
  },
  contact: {
    company: '',
    intro: '',
    address: '',
    phones: [],
    email: '',
    qq: '',
    wechat: { img: '', name: '' },
    map: { lng: 0, lat: 0, zoom: MAP_ZOOM },
    workTime: '',
  },
};
