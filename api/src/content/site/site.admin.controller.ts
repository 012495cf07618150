import { Body, Controller } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { AboutData, ContactData, FooterData, HeaderBlock, HomeBlock } from '@site/shared-types';
import { ApiPost } from '../../core/api-post.decorator.js';
import { CurrentAdmin } from '../../core/auth/admin.decorator.js';
import type { AdminIdentity } from '../../core/auth/auth.service.js';
import { ResponseMessage } from '../../core/response-message.decorator.js';
import { AboutBlockDto, ContactBlockDto, FooterBlockDto, HeaderBlockDto, HomeBlockDto } from './dto/site-blocks.dto.js';
import { SiteAdminService } from './site.admin.service.js';
import { Access } from '../../core/auth/access.decorator.js';
import { Audited, NotAudited } from '../../core/audit/audited.decorator.js';

const SAVED = '保存成功';

/** Read (`get…`) and replace (`amend…`) the five site blocks; changes show on the public calls at once. */
@ApiTags('admin: site blocks')
@ApiSecurity('token')
@Controller('api')
export class SiteAdminController {
  constructor(private readonly site: SiteAdminService) {}

  @Access('edit')
  @NotAudited()
  @ApiPost('getheader')
  @ApiOperation({ summary: 'Header block: logo and banners' })
  getHeader(): Promise<HeaderBlock> {
    return this.site.get('header');
  }

  @Access('edit')
  @Audited('header_save', () => ({ itemKind: 'header', itemId: 0 }))
  @ApiPost('amendheader')
  @ApiOperation({ summary: 'Save the header block as a whole' })
  @ResponseMessage(SAVED)
  async amendHeader(@Body() body: HeaderBlockDto, @CurrentAdmin() admin: AdminIdentity): Promise<null> {
    await this.site.save('header', body, admin.userId);
    return null;
  }

  @Access('edit')
  @NotAudited()
  @ApiPost('getfooter')
  @ApiOperation({
    summary: 'Footer block: about links, contact, friendly links, WeChat, filing information, chat links',
  })
  getFooter(): Promise<FooterData> {
    return this.site.get('footer');
  }

  @Access('edit')
  @Audited('footer_save', () => ({ itemKind: 'footer', itemId: 0 }))
  @ApiPost('amendfooter')
  @ApiOperation({ summary: 'Save the footer; a menu may appear once among the about links' })
  @ResponseMessage(SAVED)
  async amendFooter(@Body() body: FooterBlockDto, @CurrentAdmin() admin: AdminIdentity): Promise<null> {
    await this.site.save('footer', body, admin.userId);
    return null;
  }

  @Access('edit')
  @NotAudited()
  @ApiPost('gethome')
  @ApiOperation({ summary: 'Home block: section titles, intros, backgrounds, service cards and client logos' })
  getHome(): Promise<HomeBlock> {
    return this.site.get('home');
  }

  @Access('edit')
  @Audited('home_save', () => ({ itemKind: 'home', itemId: 0 }))
  @ApiPost('amendhome')
  @ApiOperation({ summary: 'Save the home block as a whole' })
  @ResponseMessage(SAVED)
  async amendHome(@Body() body: HomeBlockDto, @CurrentAdmin() admin: AdminIdentity): Promise<null> {
    await this.site.save('home', body, admin.userId);
    return null;
  }

  @Access('edit')
  @NotAudited()
  @ApiPost('getabout')
  @ApiOperation({ summary: 'About block: profile, brand culture, process intro, honours' })
  getAbout(): Promise<AboutData> {
    return this.site.get('about');
  }

  @Access('edit')
  @Audited('about_save', () => ({ itemKind: 'about', itemId: 0 }))
  @ApiPost('amendabout')
  @ApiOperation({ summary: 'Save the about block as a whole' })
  @ResponseMessage(SAVED)
  async amendAbout(@Body() body: AboutBlockDto, @CurrentAdmin() admin: AdminIdentity): Promise<null> {
    await this.site.save('about', body, admin.userId);
    return null;
  }

  @Access('edit')
  @NotAudited()
  @ApiPost('getrelation')
  @ApiOperation({ summary: 'Contact block: company, phones, e-mail, address, map position' })
  getRelation(): Promise<ContactData> {
    return this.site.get('contact');
  }

  @Access('edit')
  @Audited('contact_save', () => ({ itemKind: 'contact', itemId: 0 }))
  @ApiPost('amendrelation')
  @ApiOperation({ summary: 'Save the contact block as a whole' })
  @ResponseMessage(SAVED)
  async amendRelation(@Body() body: ContactBlockDto, @CurrentAdmin() admin: AdminIdentity): Promise<null> {
    await this.site.save('contact', body, admin.userId);
    return null;
  }
}
