import type { IconGlyph, ImageFn } from '../images/spec.js';
import type { SeedMenu } from '../types.js';

interface TopMenuDef {
  id: number;
  name: string;
  intro: string;
  bannerTitle: string;
  bannerSubtitle: string;
  glyph: IconGlyph;
}

interface SubMenuDef {
  id: number;
  parent: 3 | 4 | 5 | 6;
  name: string;
  intro: string;
  glyph: IconGlyph;
}

const TOP_MENUS: readonly TopMenuDef[] = [
  {
    id: 1,
    name: '首页',
    intro: '云帆科技专注网站建设、新媒体营销、软件开发与品牌设计，是深圳中小企业信赖的一站式互联网服务商。',
    bannerTitle: '云帆科技',
    bannerSubtitle: '让品牌扬帆互联网',
    glyph: 'cloud',
  },
  {
    id: 2,
    name: '客户案例',
    intro: '十余年深耕，累计服务3000余家企业客户，覆盖茶饮、教育、医疗、制造、地产、文旅等数十个行业。',
    bannerTitle: '客户案例',
    bannerSubtitle: '每一个作品，都是与客户共同完成的答卷',
    glyph: 'responsive',
  },
  {
    id: 3,
    name: '网站建设',
    intro: '从品牌官网到营销型网站、电商商城，以策划驱动设计、以技术保障体验，让网站成为企业全天候在线的金牌销售。',
    bannerTitle: '网站建设',
    bannerSubtitle: '策划、设计、开发、运维一站式交付',
    glyph: 'web',
  },
  {
    id: 4,
    name: '新媒体营销',
    intro: '深耕公众号、视频号、抖音与小红书，以内容和数据双轮驱动，帮助品牌在社交平台持续获客、沉淀私域流量。',
    bannerTitle: '新媒体营销',
    bannerSubtitle: '内容有温度，增长看得见',
    glyph: 'wechat',
  },
  {
    id: 5,
    name: '软件开发',
    intro: '小程序、APP与企业管理系统定制开发，贴合业务流程、稳定易扩展，助力企业稳步推进数字化转型。',
    bannerTitle: '软件开发',
    bannerSubtitle: '贴合业务的数字化解决方案',
    glyph: 'system',
  },
  {
    id: 6,
    name: '品牌设计',
    intro: 'LOGO、VI系统、包装与宣传物料设计，从品牌定位出发，塑造清晰、统一、有辨识度的品牌形象。',
    bannerTitle: '品牌设计',
    bannerSubtitle: '让品牌被看见，更被记住',
    glyph: 'brand',
  },
  {
    id: 7,
    name: '关于我们',
    intro: '深圳市云帆网络科技有限公司成立于2012年，扎根深圳南山科技园，是一家以创意与技术驱动的互联网整合服务商。',
    bannerTitle: '关于我们',
    bannerSubtitle: '十余年专注，只为做好每一个项目',
    glyph: 'address',
  },
];

const SUB_MENUS: readonly SubMenuDef[] = [
  {
    id: 8,
    parent: 3,
    name: '品牌官网',
    intro: '以品牌调性为核心定制视觉与交互，完整呈现企业实力、产品与文化，树立专业可信的线上形象。',
    glyph: 'web',
  },
  {
    id: 9,
    parent: 3,
    name: '营销型网站',
    intro: '围绕获客转化规划页面结构与咨询路径，内置SEO优化与访客统计，让每一次访问都更接近成交。',
    glyph: 'seo',
  },
  {
    id: 10,
    parent: 3,
    name: '电商商城',
    intro: '支持商品管理、在线支付、会员积分与分销推广，电脑端与手机端数据互通，轻松开启线上零售。',
    glyph: 'mall',
  },
  {
    id: 11,
    parent: 3,
    name: '响应式网站',
    intro: '一套网站自适应电脑、平板与手机屏幕，维护更省心，在任何设备上都能获得一致的浏览体验。',
    glyph: 'responsive',
  },
  {
    id: 12,
    parent: 4,
    name: '公众号运营',
    intro: '从账号定位、栏目策划到图文撰写与粉丝互动，提供全托管运营，让公众号成为稳定的品牌阵地。',
    glyph: 'wechat',
  },
  {
    id: 13,
    parent: 4,
    name: '视频号与抖音',
    intro: '短视频脚本策划、拍摄剪辑与直播运营一体化，借助平台流量快速提升品牌曝光与销售线索。',
    glyph: 'video',
  },
  {
    id: 14,
    parent: 4,
    name: '小红书种草',
    intro: '搭建品牌账号矩阵并对接优质达人，以真实口碑内容触达目标人群，带动搜索与到店转化。',
    glyph: 'weibo',
  },
  {
    id: 15,
    parent: 4,
    name: '社群与私域运营',
    intro: '设计引流、留存与复购的私域闭环，结合企业微信与社群活动，持续提升老客户复购率。',
    glyph: 'marketing',
  },
  {
    id: 16,
    parent: 5,
    name: '小程序开发',
    intro: '微信、抖音、支付宝多端小程序定制开发，覆盖商城、预约、点餐、会员等常见业务场景。',
    glyph: 'miniapp',
  },
  {
    id: 17,
    parent: 5,
    name: 'APP开发',
    intro: '原生与跨平台方案按需选择，从产品设计、开发测试到应用商店上架，全流程专业交付。',
    glyph: 'app',
  },
  {
    id: 18,
    parent: 5,
    name: '管理系统定制',
    intro: 'ERP、CRM、OA、进销存等企业管理系统按需定制，打通业务数据，提升团队协同效率。',
    glyph: 'system',
  },
  {
    id: 19,
    parent: 5,
    name: '云部署与运维',
    intro: '提供服务器选型、云端部署、数据备份与7×24小时监控，保障系统长期稳定、安全运行。',
    glyph: 'cloud',
  },
  {
    id: 20,
    parent: 6,
    name: 'LOGO设计',
    intro: '深入理解企业理念与行业属性，提炼独特的图形符号，打造简洁易记、经得起时间考验的品牌标志。',
    glyph: 'brand',
  },
  {
    id: 21,
    parent: 6,
    name: 'VI系统设计',
    intro: '涵盖基础系统与应用系统的完整视觉识别规范，让品牌在办公、门店、线上各个触点保持统一。',
    glyph: 'vi',
  },
  {
    id: 22,
    parent: 6,
    name: '包装设计',
    intro: '结合产品定位与消费场景设计包装结构与视觉，让产品在货架和电商首页上都能脱颖而出。',
    glyph: 'package',
  },
  {
    id: 23,
    parent: 6,
    name: '画册与物料设计',
    intro: '企业画册、产品手册、展会海报与宣传折页设计，以专业排版与考究工艺呈现企业实力。',
    glyph: 'marketing',
  },
];

/**
 * The seven top-level menus (home, customer cases, the four services, about us) and the services'
 * sub-offerings. A sub-menu has no page of its own, so it carries its parent's banner.
 */
export function buildMenus(img: ImageFn): SeedMenu[] {
  const top: SeedMenu[] = TOP_MENUS.map((def, index) => ({
    id: def.id,
    name: def.name,
    grade: 1,
    parent_id: null,
    intro: def.intro,
    img: img(`menu-${def.id}-icon`, { kind: 'icon', glyph: def.glyph, palette: def.id }),
    background: img(`menu-${def.id}-banner`, {
      kind: 'page-banner',
      title: def.bannerTitle,
      subtitle: def.bannerSubtitle,
      palette: def.id,
    }),
    pc: true,
    pcsite: index + 1,
    move: true,
    movesite: index + 1,
  }));

  const bannerOf = (parent: number): string => top.find((menu) => menu.id === parent)?.background ?? '';
  const positions = new Map<number, number>();

  // Shown sub-menus take positions from 2 on (the minimum of docs/behaviour.md#menu-management), in the order listed.
  const children: SeedMenu[] = SUB_MENUS.map((def) => {
    const position = (positions.get(def.parent) ?? 1) + 1;
    positions.set(def.parent, position);
    return {
      id: def.id,
      name: def.name,
      grade: 2,
      parent_id: def.parent,
      intro: def.intro,
      img: img(`menu-${def.id}-icon`, { kind: 'icon', glyph: def.glyph, palette: def.id }),
      background: bannerOf(def.parent),
      pc: true,
      pcsite: position,
      move: true,
      movesite: position,
    };
  });

  return [...top, ...children];
}
