import type { FooterData } from '@site/shared-types';
import type { ImageFn } from '../images/spec.js';
import type { HeaderBlock } from '../types.js';
import { COMPANY } from './company.js';

const BANNERS: readonly { title: string; subtitle: string; link: string }[] = [
  {
    title: '专业网站建设，让品牌赢在线上',
    subtitle: '品牌官网 · 营销型网站 · 电商商城 · 响应式网站',
    link: '/items/3.html',
  },
  {
    title: '新媒体营销，让增长看得见',
    subtitle: '公众号 · 视频号 · 抖音 · 小红书全平台内容运营',
    link: '/items/4.html',
  },
  {
    title: '软件开发，贴合业务的数字化方案',
    subtitle: '小程序 · APP · 企业管理系统定制开发',
    link: '/items/5.html',
  },
  {
    title: '品牌设计，让品牌被看见、被记住',
    subtitle: 'LOGO设计 · VI系统 · 包装设计 · 宣传物料',
    link: '/items/6.html',
  },
];

export function buildHeader(img: ImageFn): HeaderBlock {
  return {
    logo: {
      url: img('logo', { kind: 'logo', name: COMPANY.brand, slogan: COMPANY.slogan }),
      alt: `${COMPANY.brand} - ${COMPANY.slogan}`,
    },
    banner: BANNERS.map((banner, index) => ({
      id: index + 1,
      pic: img(`banner-${index + 1}`, {
        kind: 'banner',
        title: banner.title,
        subtitle: banner.subtitle,
        palette: index + 1,
      }),
      title: banner.title,
      link: banner.link,
    })),
  };
}

/** The footer; `wechatQr` is the official-account QR shared with the contact block. */
export function buildFooter(img: ImageFn, wechatQr: string): FooterData {
  return {
    abouts: [
      { id: 1, name: '关于我们', column_id: 7 },
      { id: 2, name: '网站建设', column_id: 3 },
      { id: 3, name: '新媒体营销', column_id: 4 },
      { id: 4, name: '软件开发', column_id: 5 },
      { id: 5, name: '品牌设计', column_id: 6 },
      { id: 6, name: '客户案例', column_id: 2 },
    ],
    contact: [
      {
        id: 1,
        img: img('footer-phone', { kind: 'icon', glyph: 'phone', palette: 1 }),
        content: `服务热线：${COMPANY.hotline}`,
      },
      {
        id: 2,
        img: img('footer-mail', { kind: 'icon', glyph: 'mail', palette: 1 }),
        content: `商务邮箱：${COMPANY.email}`,
      },
      {
        id: 3,
        img: img('footer-address', { kind: 'icon', glyph: 'address', palette: 1 }),
        content: `公司地址：${COMPANY.address}`,
      },
      {
        id: 4,
        img: img('footer-clock', { kind: 'icon', glyph: 'clock', palette: 1 }),
        content: `工作时间：${COMPANY.workTime}`,
      },
    ],
    link: [
      { id: 1, name: '星图云', site: 'https://www.xingtu-cloud.example.com' },
      { id: 2, name: '华南数字营销服务大会', site: 'https://www.scdm-summit.example.com' },
      { id: 3, name: '南山创业服务平台', site: 'https://www.ns-startup.example.com' },
      { id: 4, name: '深圳设计师联盟', site: 'https://www.sz-designers.example.com' },
      { id: 5, name: '小程序开发者社区', site: 'https://www.miniapp-dev.example.com' },
      { id: 6, name: '云帆智能建站平台', site: 'https://www.yunfan-cms.example.com' },
    ],
    wechat: {
      img: wechatQr,
      p1: '扫一扫，关注云帆科技',
      p2: '获取更多营销干货',
    },
    information: {
      Copyright: `Copyright © ${COMPANY.founded}-2026 ${COMPANY.name} 版权所有`,
      link: { name: COMPANY.icp, site: 'https://beian.miit.gov.cn/' },
      mark: {
        imgs: [
          { img: img('filing-police', { kind: 'filing-mark', variant: 'police' }), content: COMPANY.police },
          // Not the ICP filing number: the copyright line above already carries it.
          { img: img('filing-icp', { kind: 'filing-mark', variant: 'icp' }), content: COMPANY.icpLicence },
        ],
        mak: `技术支持：${COMPANY.brand}`,
      },
    },
    qq: [
      { id: 1, name: '售前咨询', site: `https://wpa.qq.example.com/msgrd?uin=${COMPANY.qq}` },
      { id: 2, name: '售后服务', site: 'https://wpa.qq.example.com/msgrd?uin=800000001' },
    ],
  };
}
