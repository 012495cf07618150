/** Fixed company facts shared by the site blocks (all contact data is fictional). */

export const COMPANY = {
  name: '深圳市云帆网络科技有限公司',
  brand: '云帆科技',
  slogan: '让品牌扬帆互联网',
  founded: 2012,
  address: '深圳市南山区粤海街道科技园智汇大厦8楼',
  hotline: '400-000-0000',
  phone: '0755-8600 0000',
  email: 'hello@yunfan.example.com',
  qq: '800000000',
  wechatName: '云帆科技',
  workTime: '周一至周五 9:00-18:00（法定节假日除外）',
  icp: '粤ICP备20120000号-1',
  /** The value-added telecom (ICP) business licence, shown beside the public-security filing. */
  icpLicence: '增值电信业务经营许可证：粤B2-20200000',
  police: '粤公网安备 44030502000000号',
} as const;
