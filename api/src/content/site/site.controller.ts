import { Controller, Get } from '@nestjs/common';
import type { AboutData, ContactData, FooterData, HeaderData, IndexData } from '@site/shared-types';
import { SiteService } from './site.service.js';
import { Public } from '../../core/public.decorator.js';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PublicRead } from '../../core/public-read.decorator.js';

@ApiTags('public')
@Public()
@Controller('api')
export class SiteController {
  constructor(private readonly site: SiteService) {}

  @Get('header')
  @PublicRead()
  @ApiOperation({ summary: 'Header: logo, banners and the desktop navigation' })
  header(): Promise<HeaderData> {
    return this.site.header();
  }

  @Get('footer')
  @PublicRead()
  @ApiOperation({
    summary: 'Footer: about links, contact entries, friendly links, QR block, filing information, chat links',
  })
  footer(): Promise<FooterData> {
    return this.site.footer();
  }

  @Get('index')
  @PublicRead()
  @ApiOperation({ summary: 'Home page: success cases, news columns, service cards and client logos' })
  index(): Promise<IndexData> {
    return this.site.index();
  }

  @Get('about')
  @PublicRead()
  @ApiOperation({ summary: 'About page: profile, brand culture, process and honours' })
  about(): Promise<AboutData> {
    return this.site.about();
  }

  @Get('contact')
  @PublicRead()
  @ApiOperation({ summary: 'Contact block: company, address, phones, e-mail, WeChat QR and map position' })
  contact(): Promise<ContactData> {
    return this.site.contact();
  }
}
