import type { ImageFn } from '../images/spec.js';
import type { SeedMenu, SiteBlocks } from '../types.js';
import { buildAbout, buildContact } from './about.js';
import { buildHome } from './home.js';
import { buildFooter, buildHeader } from './layout.js';

/** The five site blocks. `menus` lends the service menus' icons to the home service cards. */
export function buildBlocks(img: ImageFn, menus: readonly SeedMenu[]): SiteBlocks {
  const wechatQr = img('wechat-qr', { kind: 'qr', payload: 'https://mp.weixin.example.com/yunfan-tech' });
  return {
    header: buildHeader(img),
    footer: buildFooter(img, wechatQr),
    home: buildHome(img, menus),
    about: buildAbout(img),
    contact: buildContact(wechatQr),
  };
}
