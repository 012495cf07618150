import type { ClientLogo, ServiceCard } from '@site/shared-types';
import type { ImageFn } from '../images/spec.js';
import type { HomeBlock, SeedMenu } from '../types.js';

const SERVICES: readonly Omit<ServiceCard, 'img' | 'name'>[] = [
  {
    id: 3,
    scene: 'WEBSITE BUILDING',
    nature: '以策划驱动设计，让网站成为企业的金牌销售',
    intro: ['品牌官网、营销型网站、电商商城', '响应式布局，电脑手机一站适配', '搜索引擎友好，助力精准获客'],
  },
  {
    id: 4,
    scene: 'SOCIAL MEDIA MARKETING',
    nature: '内容与数据双轮驱动，帮助品牌持续获客',
    intro: ['公众号、视频号、抖音、小红书运营', '内容策划、拍摄剪辑与直播运营', '社群与私域体系搭建'],
  },
  {
    id: 5,
    scene: 'SOFTWARE DEVELOPMENT',
    nature: '贴合业务流程，稳定可扩展的数字化方案',
    intro: ['微信、抖音、支付宝小程序开发', 'iOS与Android APP开发', 'ERP、CRM、OA管理系统定制'],
  },
  {
    id: 6,
    scene: 'BRAND DESIGN',
    nature: '从品牌定位出发，塑造有辨识度的品牌形象',
    intro: ['LOGO设计与品牌释义', 'VI视觉识别系统设计', '产品包装与宣传物料设计'],
  },
];

/** Client-logo wall: mostly clients of the seeded cases. */
const CLIENTS: readonly { key: string; name: string }[] = [
  { key: 'huaxin-tea', name: '华信茶业' },
  { key: 'mifeng-tea', name: '蜜蜂茶饮' },
  { key: 'qingshan-coffee', name: '青山咖啡' },
  { key: 'hongxing', name: '宏兴电子' },
  { key: 'lushan', name: '鹿山风景区' },
  { key: 'hedao-rice', name: '禾稻米业' },
  { key: 'xinghai', name: '星海度假酒店' },
  { key: 'kangning', name: '康宁口腔' },
  { key: 'jinding', name: '金鼎精密' },
  { key: 'haiyuntong', name: '海运通物流' },
  { key: 'xiangyue', name: '湘悦餐饮' },
  { key: 'renhe', name: '仁和医院' },
  { key: 'suda', name: '速达供应链' },
  { key: 'jiahe', name: '家禾超市' },
  { key: 'ruikang', name: '瑞康药业' },
  { key: 'fengchi', name: '风驰快运' },
  { key: 'lidong', name: '力动健身' },
  { key: 'mingde', name: '明德教育' },
];

/** The home block; the service cards carry the service menus' names and icons. */
export function buildHome(img: ImageFn, menus: readonly SeedMenu[]): HomeBlock {
  const service: ServiceCard[] = SERVICES.map((card) => {
    const menu = menus.find((entry) => entry.id === card.id);
    if (!menu) throw new Error(`Seed: service menu ${card.id} is missing`);
    return { ...card, intro: [...card.intro], name: menu.name, img: menu.img };
  });

  const client: ClientLogo[] = CLIENTS.map((entry, index) => ({
    id: index + 1,
    img: img(`client-${entry.key}`, { kind: 'client-logo', name: entry.name, palette: index }),
    name: entry.name,
  }));

  return {
    success: {
      title: '成功案例',
      intro: '十余年深耕，三千余家企业客户的共同选择',
      background: img('home-success-bg', { kind: 'section-bg', palette: 1, pattern: 'dots' }),
    },
    dynamic: {
      title: '新闻动态',
      intro: '洞察行业趋势，分享云帆成长',
      background: img('home-news-bg', { kind: 'section-bg', palette: 2, pattern: 'waves' }),
      viewpoint: { title: '行业观点', site: '/itemnews.html', category: 1 },
      extend: { title: '公司动态', site: '/itemnews.html', category: 2 },
    },
    service,
    client,
  };
}
