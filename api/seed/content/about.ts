import { MAP_ZOOM, type AboutData, type ContactData } from '@site/shared-types';
import type { ImageFn } from '../images/spec.js';
import { COMPANY } from './company.js';

const PROFILE_PARAGRAPHS: readonly string[] = [
  '深圳市云帆网络科技有限公司（简称“云帆科技”）成立于2012年，总部位于深圳市南山区科技园，是一家以创意与技术驱动的互联网整合服务商。公司现有员工近八十人，其中设计、研发与运营人员占比超过八成，累计为三千余家企业客户提供了专业服务。',
  '云帆科技的业务涵盖网站建设、新媒体营销、软件开发与品牌设计四大板块：从品牌官网、营销型网站、电商商城，到公众号、视频号、抖音与小红书的内容运营；从小程序、APP到ERP、CRM等企业管理系统；从LOGO、VI到包装与宣传物料，为客户提供从策划、设计、开发到上线运营的一站式服务。',
  '我们服务的客户遍及茶饮餐饮、教育培训、医疗健康、智能制造、地产物业、物流供应链、金融服务、文化旅游、零售消费与公益组织等数十个行业。多年来，公司自主研发了云帆智能建站平台、新媒体营销管理系统与小程序快速开发平台等产品，并通过了科技型中小企业评价。',
  '“让品牌扬帆互联网”是云帆科技的使命。我们相信，好的作品源于对客户业务的深入理解和对每一个细节的坚持。未来，云帆将继续与客户并肩同行，用创意和技术帮助更多企业在数字时代稳健成长。',
];

const CULTURE: readonly { key: string; title: string; motif: 'mural' | 'seal' | 'space'; intro: string }[] = [
  {
    key: 'mural',
    title: '壁画艺术',
    motif: 'mural',
    intro:
      '敦煌壁画历经千年依然动人，靠的是画工们一笔一画的耐心和对整体构图的把握。我们做项目也是如此：先谋全局、再琢细节，让每一个网站、每一套视觉都经得起时间的检验。',
  },
  {
    key: 'seal',
    title: '篆刻艺术',
    motif: 'seal',
    intro:
      '篆刻讲究“方寸之间，气象万千”，一刀落下便无法更改。这份对精准与分寸的敬畏，提醒我们认真对待每一行代码、每一个像素，言出必行，守信如印。',
  },
  {
    key: 'space',
    title: '航天精神',
    motif: 'space',
    intro:
      '航天工程容不得半点差错，依靠的是严谨的流程、反复的测试与团队的紧密协作。我们以同样的标准对待每一次上线——方案可追溯、测试有记录、交付零差错，并始终保有探索未知的勇气。',
  },
];

const HONOURS: readonly { key: string; title: string; variant: 'certificate' | 'licence' | 'software' }[] = [
  { key: 'tech-sme', title: '科技型中小企业证书', variant: 'certificate' },
  { key: 'licence', title: '营业执照', variant: 'licence' },
  { key: 'software-site-builder', title: '云帆智能建站平台V3.0软件著作权', variant: 'software' },
  { key: 'software-media', title: '云帆新媒体营销管理系统V2.0软件著作权', variant: 'software' },
  { key: 'software-miniapp', title: '云帆小程序快速开发平台V1.0软件著作权', variant: 'software' },
];

export function buildAbout(img: ImageFn): AboutData {
  return {
    profile: {
      title: '公司简介',
      subtitle: '创意与技术驱动的互联网整合服务商',
      paragraphs: [...PROFILE_PARAGRAPHS],
      img: img('about-profile', { kind: 'profile', title: COMPANY.brand }),
    },
    culture: {
      title: '品牌文化',
      intro: '我们从三种跨越时空的精神中汲取养分，它们塑造了云帆人做事的方式。',
      items: CULTURE.map((item) => ({
        title: item.title,
        intro: item.intro,
        img: img(`culture-${item.key}`, { kind: 'culture', title: item.title, motif: item.motif }),
      })),
    },
    process: {
      title: '服务流程',
      intro: '从需求沟通到上线运营，六个环节环环相扣，每一步都有明确的交付物与验收标准。',
    },
    honours: {
      title: '企业荣誉',
      intro: '专业实力源于持续积累，每一项资质都是客户信任的见证。',
      items: HONOURS.map((item) => ({
        title: item.title,
        img: img(`honour-${item.key}`, { kind: 'honour', title: item.title, variant: item.variant }),
      })),
    },
  };
}

/** The contact block; `wechatQr` is the official-account QR shared with the footer. */
export function buildContact(wechatQr: string): ContactData {
  return {
    company: COMPANY.name,
    intro:
      '无论您想建一个新网站、运营公众号，还是开发一套管理系统，都欢迎随时与我们联系，专属顾问将在一个工作日内回复您。',
    address: COMPANY.address,
    phones: [COMPANY.hotline, COMPANY.phone],
    email: COMPANY.email,
    qq: COMPANY.qq,
    wechat: { img: wechatQr, name: COMPANY.wechatName },
    map: { lng: 113.9436, lat: 22.5405, zoom: MAP_ZOOM },
    workTime: COMPANY.workTime,
  };
}
